import { ABI_CAB, italianIban, paddedAccountNumber, splitItalianIban } from '@app/domain';

/** Form-side helpers of the supplier's bank info: ABI and CAB are edited apart, the server keeps ABI + CAB as bankKey. */
export function splitBankKey(bankKey: string): { abi: string; cab: string } {
  return { abi: bankKey.slice(0, 5), cab: bankKey.slice(5, 10) };
}

export function joinBankKey(abi: string, cab: string): string {
  const a = abi.trim();
  const c = cab.trim();
  return a === '' && c === '' ? '' : `${a}${c}`;
}

export type IbanProblem = 'abi' | 'cab' | 'accountNumber';

/**
 * "IBAN berechnen": CIN, padded account number and IBAN from ABI, CAB and account number (domain
 * italianIban: country IT, account number padded to 12); or the fields that are missing or wrong.
 */
export function computeIban(
  abi: string,
  cab: string,
  accountNumber: string,
): { cin: string; accountNumber: string; iban: string } | { problems: IbanProblem[] } {
  const problems: IbanProblem[] = [];
  if (!ABI_CAB.test(abi.trim())) problems.push('abi');
  if (!ABI_CAB.test(cab.trim())) problems.push('cab');
  if (paddedAccountNumber(accountNumber) === null) problems.push('accountNumber');
  const generated = problems.length === 0 ? italianIban(abi.trim(), cab.trim(), accountNumber) : null;
  if (!generated) return { problems: problems.length > 0 ? problems : ['accountNumber'] };
  return { cin: generated.cin, accountNumber: generated.accountNumber, iban: generated.iban };
}

/** The parts of a typed Italian IBAN (to fill ABI, CAB, CIN and account number), or null. */
export function ibanParts(iban: string) {
  return splitItalianIban(iban);
}
