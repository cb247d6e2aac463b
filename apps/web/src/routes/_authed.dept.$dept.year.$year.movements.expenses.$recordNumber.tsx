import { createFileRoute } from '@tanstack/react-router';
import { movementPositionsOptions } from '../features/movements/routeOptions.tsx';

/** movements/expenses/{recordNumber} or …/new: the positions form. */
export const Route = createFileRoute('/_authed/dept/$dept/year/$year/movements/expenses/$recordNumber')(movementPositionsOptions('expenses'));
