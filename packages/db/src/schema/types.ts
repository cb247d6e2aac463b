import { customType } from 'drizzle-orm/pg-core';

/** A numeric(14,2) as the driver returns it (a string; a number from hand-built values) to integer cents. */
export function centsFromDriver(value: string | number): number {
  const text = typeof value === 'number' ? value.toFixed(2) : value;
  const negative = text.startsWith('-');
  const [int = '0', dec = ''] = text.replace('-', '').split('.');
  const cents = Number(int) * 100 + Number(dec.padEnd(2, '0').slice(0, 2));
  return negative && cents !== 0 ? -cents : cents;
}

/** numeric(14,2) in the database, integer cents in code (both drivers return numeric as a string). */
export const money = customType<{ data: number; driverData: string | number }>({
  dataType() {
    return 'numeric(14,2)';
  },
  toDriver(cents: number): string {
    const negative = cents < 0;
    const abs = Math.abs(Math.round(cents));
    return `${negative ? '-' : ''}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
  },
  fromDriver: centsFromDriver,
});
