export * from './baseData.ts';
export * from './ets.ts';
export * from './budget.ts';
export * from './chart.ts';
export * from './platform.ts';
export * from './movements.ts';
export * from './reservations.ts';
export * from './accountBookings.ts';
export { money } from './types.ts';
