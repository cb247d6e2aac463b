import { type DbHandle, schema } from '@app/db';
import type { MovementSaveInput, ResidueFinal } from '@app/domain';
import { and, eq } from 'drizzle-orm';
import { accountIdOf, departmentId, type signInAs } from '../test-utils.ts';

const { budgetHeads, departments, suppliers } = schema;

type SignIn = ReturnType<typeof signInAs>;

/**
 * The year-end steps and figures the year-end suites share, for FF Eppan (102) signed in as `zwei`
 * through `as` at `now`: the scope of a year, a determination table as
 * `chapterYear/chapter` -> [allocated, payments, available, openPayments, reservations, proposal],
 * a line's chapter figure box (chapterFigures.ts, the other path to the same figures), a year's
 * forecast marked approved (a year booked without its own chart), and a source determined with its
 * proposals (open payments + remaining reservations), and the year-end bill: a PaymentOpen bill of
 * `year` on the bank account B1 of the department's first supplier, 2-1-006 123,45 + 2-1-003 76,56 =
 * 200,01 in two instalments, 100,00 paid on 01.06. and 100,01 open (due 31.12.); its instalments split
 * over the positions by largest remainder (decision 4): the paid one 61,72 / 38,28, the open one
 * 61,73 / 38,28. The department gets a CBI CUC (a domestic order can be exported).
 */
export function yearEndKit(get: () => DbHandle, as: SignIn, now: Date) {
  const scope = async (year: number) => ({ departmentId: await departmentId(get(), '102'), year });
  const figures = (final: ResidueFinal) => {
    const rows: Record<string, number[]> = {};
    for (const { chapter, budget, proposal } of final.positions)
      rows[`${chapter.chapterYear}/${chapter.chapter}`] = [
        budget.allocated,
        budget.payments,
        budget.available,
        budget.openPayments,
        budget.reservations,
        proposal,
      ];
    return rows;
  };
  type Caller = Awaited<ReturnType<SignIn>>;
  /** A PaymentDone of `year` on K1 (record 05.05., document 01.05.), booked confirmed where it exceeds the availability; `input` overrides. */
  const expense = async (input: Partial<MovementSaveInput>, year: number): Promise<MovementSaveInput> => ({
    ...(await scope(year)),
    kind: 'expenses',
    type: 1,
    recordDate: `${year}-05-05`,
    documentDate: `${year}-05-01`,
    accountId: await accountIdOf(get(), '102', 'K1'),
    confirmAvailableExceeded: true,
    ...input,
  });
  /** A revenue of `year` collected on K1 on 10.03. */
  const revenue = async (chapter: string, amount: number, year: number): Promise<MovementSaveInput> => ({
    ...(await scope(year)),
    kind: 'revenues',
    type: 0,
    recordDate: `${year}-03-10`,
    accountId: await accountIdOf(get(), '102', 'K1'),
    positions: [{ chapter, amount }],
  });
  return {
    scope,
    expense,
    revenue,
    yearEndBill: async (c: Caller, year: number, documentNumber: string) => {
      const s = await scope(year);
      const [supplier] = await get()
        .db.select({ id: suppliers.id })
        .from(suppliers)
        .where(eq(suppliers.departmentId, s.departmentId))
        .orderBy(suppliers.code)
        .limit(1);
      const bank = await accountIdOf(get(), '102', 'B1');
      await get().db.update(departments).set({ cbiCuc: 'C1D2E3F4' }).where(eq(departments.id, s.departmentId));
      const bill = await c.movements.save({
        ...s,
        kind: 'expenses',
        type: 2,
        recordDate: `${year}-05-05`,
        documentDate: `${year}-05-01`,
        documentNumber,
        accountId: bank,
        supplierId: supplier?.id ?? 0,
        positions: [
          { chapter: '21006', amount: 12_345 },
          { chapter: '21003', amount: 7_656 },
        ],
        payments: [
          { amount: 10_000, dateDue: `${year}-06-01`, datePaid: `${year}-06-01` },
          { amount: 10_001, dateDue: `${year}-12-31`, datePaid: null },
        ],
      });
      return { bank, bill, open: bill.payments.find((p) => p.datePaid === null)?.id ?? 0 };
    },
    residueTable: async (year: number, source: 1 | 2) => figures(await (await as('zwei', now)).residues.final({ ...(await scope(year)), source })),
    box: async (year: number, chapter: string, chapterYear: number) => {
      const f = await (await as('zwei', now)).budget.chapter({ ...(await scope(year)), chapter, chapterYear });
      return [f.budgetFinal, f.payments, f.openPayments, f.availableAfterDonePayments];
    },
    approveForecast: async (year: number) => {
      const s = await scope(year);
      await get().db.insert(budgetHeads).values({ departmentId: s.departmentId, year }).onConflictDoNothing();
      await get()
        .db.update(budgetHeads)
        .set({ forecastApproved: `${year}-01-05` })
        .where(and(eq(budgetHeads.departmentId, s.departmentId), eq(budgetHeads.year, year)));
    },
    determineProposals: async (year: number, source: 1 | 2, at: Date) => {
      const c = await as('zwei', at);
      const s = await scope(year);
      const final = await c.residues.final({ ...s, source });
      return c.residues.saveFinal({ ...s, budgetType: source, positions: final.positions.map((p) => ({ budgetId: p.budget.budgetId, amount: p.proposal })) });
    },
  };
}
