import { describe, expect, it } from 'vitest';
import { signerRoles } from './budgetPrint.ts';

describe('print headers', () => {
  it('signers follow the area', () => {
    expect(signerRoles(1)).toEqual({ cashierRole: 'accountant', commanderRole: 'president' });
    expect(signerRoles(2)).toEqual({ cashierRole: 'cashier', commanderRole: 'commander' });
    expect(signerRoles(3)).toEqual({ cashierRole: 'cashier', commanderRole: 'commander' });
  });
});
