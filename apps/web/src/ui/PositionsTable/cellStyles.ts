/** Cell styles of the positions tables (and of tables laid out like them, e.g. the bookings' transfer rows). */

/** Amounts and codes: tabular figures on one line. */
export const num = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;
/** Header cells: one line, cut with an ellipsis rather than running into the next column. */
export const headCell = { whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' } as const;
/** The kept rows of a cancelled record (DOMAIN decision 27): struck through and dimmed, counting 0. */
export const cancelledRows = { textDecoration: 'line-through', color: 'var(--mantine-color-dimmed)' } as const;
/** Inputs in the rows use the row's font size. */
export const rowInput = { input: { fontSize: 'var(--mantine-font-size-sm)' } };
