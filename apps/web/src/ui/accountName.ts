import type { TransferAccount } from '@app/domain';

/** `K1 – Kassa` in the language of the UI (transfers, the cash journal panel). */
export function accountName(account: Pick<TransferAccount, 'code' | 'descriptionDeu' | 'descriptionIta'>, locale: string): string {
  return `${account.code} – ${locale === 'it' ? account.descriptionIta : account.descriptionDeu}`;
}
