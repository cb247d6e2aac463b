import { createFileRoute } from '@tanstack/react-router';
import { movementsLayoutOptions } from '../features/movements/routeOptions.tsx';

/** movements/revenues: the head form (index) and the positions form share one draft until it is saved. */
export const Route = createFileRoute('/_authed/dept/$dept/year/$year/movements/revenues')(movementsLayoutOptions('revenues'));
