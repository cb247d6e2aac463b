import { AppError, Cents, PositiveCents } from '@app/domain';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { moneyCaller, moneyIn, moneyOut } from './money.ts';

function refusal(fn: () => unknown): { code: string; field: string | undefined } | null {
  try {
    fn();
    return null;
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return { code: error.code, field: error.field };
  }
}

describe('money walker', () => {
  const Line = z.object({ code: z.string(), count: z.number(), amount: Cents });
  const Answer = z.object({
    year: z.number(),
    total: Cents,
    lines: z.array(Line),
    nested: z.array(z.array(z.object({ amount: PositiveCents, title: z.number() }))),
    residue: Cents.nullable(),
    optional: Cents.optional(),
    byPart: z.record(z.string(), Cents),
    tagged: z.discriminatedUnion('kind', [z.object({ kind: z.literal('money'), value: Cents }), z.object({ kind: z.literal('count'), value: z.number() })]),
    either: z.union([z.object({ amount: Cents }), z.string()]).nullable(),
    checked: Cents.refine((v) => v !== 7),
    piped: z.string().pipe(z.string()),
    both: z.intersection(z.object({ a: Cents }), z.object({ b: z.number() })),
  });

  it('converts every money field of an answer from cents to euros, wherever it sits; other numbers stay', () => {
    const cents = {
      year: 2026,
      total: 123_456,
      lines: [{ code: '21003', count: 3, amount: -1 }],
      nested: [[{ amount: 50, title: 2 }], [{ amount: 1, title: 3 }]],
      residue: null,
      byPart: { '1': 100, '2': 250 },
      tagged: { kind: 'money', value: 990 },
      either: { amount: 5 },
      checked: 10,
      piped: 'x',
      both: { a: 300, b: 300 },
    };
    expect(moneyOut(Answer, cents)).toEqual({
      year: 2026,
      total: 1234.56,
      lines: [{ code: '21003', count: 3, amount: -0.01 }],
      nested: [[{ amount: 0.5, title: 2 }], [{ amount: 0.01, title: 3 }]],
      residue: null,
      byPart: { '1': 1, '2': 2.5 },
      tagged: { kind: 'money', value: 9.9 },
      either: { amount: 0.05 },
      checked: 0.1,
      piped: 'x',
      both: { a: 3, b: 300 },
    });
    // the other option of a union: its number is no amount
    expect(moneyOut(Answer.shape.tagged, { kind: 'count', value: 990 })).toEqual({ kind: 'count', value: 990 });
    expect(moneyOut(Answer.shape.residue, 100)).toBe(1);
    expect(moneyOut(Answer.shape.optional, undefined)).toBeUndefined();
    // no output schema: the answer passes as it is
    expect(moneyOut(undefined, { total: 100 })).toEqual({ total: 100 });
  });

  it('converts a body from euros to cents by the input schema, leaving unknown keys and non-amounts alone', () => {
    const Input = z.object({
      head: Cents,
      count: z.number(),
      positions: z
        .array(
          z.object({
            chapterId: z
              .number()
              .nullish()
              .transform((v) => v ?? undefined),
            amount: Cents.optional(),
          }),
        )
        .max(5),
      preprocessed: z.preprocess((v) => v, Cents),
      tagged: z.discriminatedUnion('kind', [z.object({ kind: z.literal('money'), value: Cents }), z.object({ kind: z.literal('count'), value: z.number() })]),
    });
    const body = {
      head: 0.1 + 0.2,
      count: 12.5,
      extra: 1.5,
      positions: [{ chapterId: 7, amount: -12.34 }, { chapterId: null }],
      preprocessed: 999_999_999_999.99,
      tagged: { kind: 'count', value: 2.5 },
    };
    expect(moneyIn([Input], body)).toEqual({
      head: 30,
      count: 12.5,
      extra: 1.5,
      positions: [{ chapterId: 7, amount: -1234 }, { chapterId: null }],
      preprocessed: 99_999_999_999_999,
      tagged: { kind: 'count', value: 2.5 },
    });
    expect(moneyIn([Input], { tagged: { kind: 'money', value: 2.5 } })).toEqual({ tagged: { kind: 'money', value: 250 } });
    // a value that is no number is left to the schema (which refuses it with its field)
    expect(moneyIn([Input], { head: '12.50', positions: 'none' })).toEqual({ head: '12.50', positions: 'none' });
  });

  it('refuses an amount that is no exact amount with InvalidValue naming the field, never rounding', () => {
    const Input = z.object({ surplus: Cents, positions: z.array(z.object({ amount: Cents })), tagged: z.union([z.object({ value: Cents }), z.null()]) });
    for (const bad of [12.345, 1.005, 0.001, Number.POSITIVE_INFINITY, Number.NaN, 1e12, -1e12 - 0.01]) {
      expect(
        refusal(() => moneyIn([Input], { surplus: bad })),
        String(bad),
      ).toEqual({ code: 'InvalidValue', field: 'surplus' });
      expect(
        refusal(() => moneyIn([Input], { positions: [{ amount: 1 }, { amount: bad }] })),
        String(bad),
      ).toEqual({ code: 'InvalidValue', field: 'positions.1.amount' });
      expect(
        refusal(() => moneyIn([Input], { tagged: { value: bad } })),
        String(bad),
      ).toEqual({ code: 'InvalidValue', field: 'tagged.value' });
    }
  });

  it('converts a field described by two chained inputs once', () => {
    const Scope = z.object({ departmentId: z.number(), surplusUsed: Cents.optional() });
    const Save = Scope.extend({ surplusUsed: Cents });
    expect(moneyIn([Scope, Save], { departmentId: 3, surplusUsed: 1.5 })).toEqual({ departmentId: 3, surplusUsed: 150 });
  });
});

describe('moneyCaller', () => {
  it("converts a procedure's input and answer by the procedure's own schemas", async () => {
    const seen: unknown[] = [];
    const surplus = {
      cashBalance: 100,
      revenuesActual: 0,
      revenuesResidue: 0,
      expensesActual: 0,
      expensesResidue: 0,
      surplusUsed: 50,
      surplus: 100,
      isEditable: true,
    };
    const caller = {
      budget: {
        surplus: {
          save: async (input: unknown) => {
            seen.push(input);
            return surplus;
          },
        },
        changes: { list: async () => [{ id: 1, recordNumber: 2, approved: null, notes: '' }] },
      },
    };
    const c = moneyCaller(caller);
    const saved = await c.budget.surplus.save({
      departmentId: 1,
      year: 2026,
      cashBalance: 1,
      revenuesActual: 0,
      revenuesResidue: 0,
      expensesActual: 0,
      expensesResidue: 0,
      surplusUsed: 0.5,
    });
    expect(seen).toEqual([
      { departmentId: 1, year: 2026, cashBalance: 100, revenuesActual: 0, revenuesResidue: 0, expensesActual: 0, expensesResidue: 0, surplusUsed: 50 },
    ]);
    expect(saved).toEqual({ ...surplus, cashBalance: 1, surplusUsed: 0.5, surplus: 1 });
    // an answer without amounts (record numbers and ids are no money) is unchanged
    expect(await c.budget.changes.list()).toEqual([{ id: 1, recordNumber: 2, approved: null, notes: '' }]);
    await expect(c.budget.surplus.save({ departmentId: 1, year: 2026, surplusUsed: 0.001 })).rejects.toMatchObject({
      code: 'InvalidValue',
      field: 'surplusUsed',
    });
  });
});
