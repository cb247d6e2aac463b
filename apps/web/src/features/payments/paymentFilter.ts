/** The filters of the open-payments print and of a new order (spec 3 §2): account, supplier range, due-date and document-date ranges. */
export interface PaymentFilter {
  accountId: number | null;
  supplierFrom: number | null;
  supplierTo: number | null;
  dateDueFrom: string | null;
  dateDueTo: string | null;
  documentDateFrom: string | null;
  documentDateTo: string | null;
}

export const emptyPaymentFilter: PaymentFilter = {
  accountId: null,
  supplierFrom: null,
  supplierTo: null,
  dateDueFrom: null,
  dateDueTo: null,
  documentDateFrom: null,
  documentDateTo: null,
};

/** "To" before "from" in one of the ranges. */
export function filterRangeInvalid(f: PaymentFilter): boolean {
  return outOfOrder(f.supplierFrom, f.supplierTo) || outOfOrder(f.dateDueFrom, f.dateDueTo) || outOfOrder(f.documentDateFrom, f.documentDateTo);
}

export function outOfOrder(from: string | number | null, to: string | number | null): boolean {
  return from !== null && to !== null && from > to;
}
