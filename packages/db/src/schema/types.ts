import { customType } from 'drizzle-orm/pg-core';

/** A numeric(14,2) as the driver returns it (a string; a number from hand-built values) to integer cents. */
export function centsFromDriver(value: string | number): number {
  const text = typeof value === 'number' ? value.toFixed(2) : value;
  const negative = text.startsWith('-');
  const [int = '0', dec = ''] = text.replace('-', '').split('.');
  const cents = Number(int) * 100 + Number(dec.padEnd(2, '0').slice(0, 2));
  return negative && cents !== 0 ? -cents : cents;
}

/** Integer cents as a numeric(14,2) literal for the driver (`-12.05`), exact for any safe integer; a fraction of a cent is rounded. */
export function centsToDriver(cents: number): string {
  const negative = cents < 0;
  const abs = Math.abs(Math.round(cents));
  return `${negative ? '-' : ''}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** numeric(14,2) in the database, integer cents in code (both drivers return numeric as a string). */
export const money = customType<{ data: number; driverData: string | number }>({
  dataType() {
    return 'numeric(14,2)';
  },
  toDriver: centsToDriver,
  fromDriver: centsFromDriver,
});
