import { createFileRoute } from '@tanstack/react-router';
import { movementPositionsOptions } from '../features/movements/routeOptions.tsx';

/** movements/revenues/{recordNumber} or …/new: the positions form. */
export const Route = createFileRoute('/_authed/dept/$dept/year/$year/movements/revenues/$recordNumber')(movementPositionsOptions('revenues'));
