import { isDeepStrictEqual } from 'node:util';
import { type DbHandle, execRows, schema } from '@app/db';
import { TRPCError } from '@trpc/server';
import { asc, eq, gt, sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { createContextInner } from '../../context.ts';
import { safeErrorInfo } from '../../errors.ts';
import { createCaller } from '../../root.ts';
import { routerProcedures } from '../../routerProcedures.ts';
import { accountIdOf, CURRENT_YEAR, describeOnDatabases } from '../../test-utils.ts';
import { verifyAuditChains } from '../auditChain.ts';
import { fixture } from '../invoices/invoiceFiles.testkit.ts';
import { camtXml } from '../statements/camtBuilder.ts';
import { AUDIT_RULES } from './actions.ts';

const { accounts, auditLog, suppliers, userDepartments } = schema;

/**
 * Issue 27's table-driven test over the router, on PGlite and PostgreSQL: every mutation procedure of the appRouter (walked,
 * not listed: a new one without an entry in SCENARIOS fails) is called once with a valid input on the demo data and must
 * leave exactly the expected trail row — user, entity, action, procedure, department and year, record number where it has
 * one — with at least one concrete before/after of a changed database row (amounts in cents); then once refused (invalid
 * input or a business rule) and must leave no trail row and change nothing (no table's row count, nothing captured).
 * The sign-in procedures are recorded by the auth service (their own rows, asserted here too; a failed sign-in is
 * recorded by design), the language is not audited (asserted: no row, nothing left captured), and `system.setup` (only
 * for an installation without departments) runs on an empty database of its own.
 */

type Caller = ReturnType<typeof createCaller>;
type DemoUser = 'supervisor' | 'admin' | 'kassier' | 'zwei' | 'revisor' | 'anonymous';

const Y = CURRENT_YEAR;
const PREV = Y - 1;
const NEXT = Y + 1;
/** The clock of most calls: the booked demo year PREV is the previous year (open), Y the running one. */
const JUNE = new Date(`${Y}-06-15T10:00:00Z`);
/** The clock of the payments of PREV: new orders only while it is the running year. */
const JUNE_PREV = new Date(`${PREV}-06-20T10:00:00Z`);
/** The clock of Y's year end: the determination, the carry-over into NEXT, the final account. */
const JAN_NEXT = new Date(`${NEXT}-01-20T10:00:00Z`);

type Change = { table: string; op: 'I' | 'U' | 'D'; key: string; fields: Record<string, { before?: unknown; after?: unknown }> };

/** A changed database row the trail row must hold: table, operation and a subset of its fields' before/after. */
interface RowExpectation {
  table: string;
  op: 'I' | 'U' | 'D';
  fields: Record<string, { before?: unknown; after?: unknown }>;
}

/** What the shared state of the scenarios holds (ids made by earlier calls). */
type Ids = Record<string, number>;

interface Env {
  get: () => DbHandle;
  as: (user: DemoUser, now?: Date) => Promise<Caller>;
  ids: Ids;
  dept: (code: string) => number;
  account: (dept: string, code: string) => Promise<number>;
}

interface Expected {
  user: string | null;
  entity: string;
  action: string;
  dept: string | null;
  year: number | null;
  recordNumber?: number | null | ((x: Env, answer: unknown) => number | null);
  rows: RowExpectation[] | ((x: Env, answer: unknown) => RowExpectation[]);
  /** The procedure as recorded when it is not the path (the auth service's own rows). */
  procedure?: string;
}

interface Scenario {
  user: DemoUser;
  now?: Date;
  /** Calls before the one under test (their rows are not looked at). */
  prepare?: (c: Caller, x: Env) => Promise<void>;
  run: (c: Caller, x: Env) => Promise<unknown>;
  after?: (answer: unknown, x: Env) => void;
  /** The trail rows the call leaves, oldest first (one for every save). null: none (not audited). */
  expect: Expected[] | null;
  refused: {
    user?: DemoUser;
    now?: Date;
    run: (c: Caller, x: Env) => Promise<unknown>;
    error: string;
    /** A refusal the auth service records on purpose (a failed sign-in), asserted instead of "no row". */
    records?: Omit<Expected, 'rows'>[];
  };
  /** Calls that answer (no error) but write nothing — a dry run, a refusal in the answer: they leave no trail row either. */
  answeredUnchanged?: ((c: Caller, x: Env) => Promise<unknown>)[];
  /** The demo database (default) or the empty one (system.setup). */
  database?: 'empty';
}

const s = (x: Env, code: string, year: number) => ({ departmentId: x.dept(code), year });
const answerOf = <T>(a: unknown) => a as T;
const idOf = (a: unknown) => answerOf<{ id: number }>(a).id;

const deptFields = {
  code: '1AB',
  name1Deu: 'Freiwillige Feuerwehr',
  name2Deu: 'Kardaun',
  name1Ita: 'Vigili del Fuoco Volontari',
  name2Ita: 'Cardano',
  locationDeu: 'Kardaun',
  locationIta: 'Cardano',
  postalCode: '39053',
  identifier: '00987654321098',
};
const supplier = {
  code: 2001,
  searchKey: 'hofer',
  name1: 'Hofer Bau GmbH',
  name2: 'Hoch- und Tiefbau',
  street: 'Handwerkerzone 3',
  postalCode: '39055',
  location: 'Leifers',
  province: 'bz',
  vatCode: '02990560212',
  paymentTerm: 60,
  bankInfo: { bankKey: '0542811101', accountNumber: '123456' },
};
const bank = {
  name1: 'Raiffeisenkasse Schlern-Rosengarten',
  name2: 'Cassa Raiffeisen Sciliar-Catinaccio',
  abi: '08056',
  cab: '58230',
  location: 'Völs am Schlern',
  province: 'bz',
  swift: 'rzsbit21106',
};
const bankCsv = [
  'ABI;CAB;Name1;Name2;Street;PostalCode;Location;Province;BIC',
  '08302;58680;Raiffeisenkasse Ulten-St. Pankraz-Laurein;Cassa Raiffeisen Ultimo;Hauptstraße 113;39016;St. Walburg;bz;RZSBIT21104',
].join('\r\n');
const postAccount = {
  code: 'P1',
  descriptionDeu: 'Postkontokorrent',
  descriptionIta: 'Conto corrente postale',
  type: 3 as const,
  bankInfo: { iban: 'IT60X0542811101000000123456', bankName: 'Poste Italiane', swift: 'BPPIITRRXXX' },
};
const newChapter = {
  part: 2 as const,
  title: 4,
  chapterShort: '90',
  searchKeyDeu: 'FUNKGERÄTE',
  searchKeyIta: 'RADIO',
  descriptionDeu: 'Funkgeräte',
  descriptionIta: 'Apparecchi radio',
};
const newUser = (x: Env) => ({
  username: 'neu',
  fullname: 'Nora Neu',
  password: 'geheim1',
  passwordRepeat: 'geheim1',
  departmentIds: [x.dept('101')],
  mainDepartmentId: x.dept('101'),
});
/** The open bill of 102 in PREV on B1 (three open instalments of 100,00), for the payment orders and the payment by hand. */
async function openBill(c: Caller, x: Env) {
  if (x.ids.bill) return;
  const [first] = await x
    .get()
    .db.select({ id: suppliers.id })
    .from(suppliers)
    .where(eq(suppliers.departmentId, x.dept('102')))
    .orderBy(suppliers.code)
    .limit(1);
  const bill = answerOf<{ id: number; recordNumber: number; payments: { id: number }[] }>(
    await c.movements.save({
      ...s(x, '102', PREV),
      kind: 'expenses',
      type: 2,
      recordDate: `${PREV}-06-19`,
      documentDate: `${PREV}-06-18`,
      documentNumber: 'RE-27',
      supplierId: first!.id,
      accountId: await x.account('102', 'B1'),
      confirmAvailableExceeded: true,
      positions: [{ chapter: '21003', amount: 30_000, note: 'Helme' }],
      payments: [1, 2, 3].map(() => ({ amount: 10_000, dateDue: `${PREV}-06-25`, datePaid: null })),
    }),
  );
  x.ids.bill = bill.id;
  x.ids.billRecord = bill.recordNumber;
  [x.ids.p1, x.ids.p2, x.ids.p3] = bill.payments.map((p) => p.id) as [number, number, number];
}
const order = async (x: Env, toPay: number[], extra: Record<string, unknown> = {}) => ({
  ...s(x, '102', PREV),
  paymentRange: 1 as const,
  accountId: await x.account('102', 'B1'),
  filename: 'juni',
  groupInvoices: false,
  paymentDate: `${PREV}-06-23`,
  toPay: toPay.map((paymentId) => ({ paymentId, movementId: x.ids.bill! })),
  ...extra,
});
const expense = async (x: Env, amount: number, note: string) => ({
  ...s(x, '102', PREV),
  kind: 'expenses' as const,
  type: 1,
  recordDate: `${PREV}-06-18`,
  documentDate: `${PREV}-06-17`,
  accountId: await x.account('102', 'K1'),
  confirmAvailableExceeded: true,
  positions: [{ chapter: '21006', amount, note }],
});

/** The reviewed draft of the split payment fixture for 102 (PREV): a new supplier, the net expense, the VAT to 13001. */
const splitInvoiceBooking = async (x: Env) => {
  const scope = s(x, '102', PREV);
  const head = { ...scope, kind: 'expenses' as const, recordDate: `${PREV}-12-01`, documentDate: '2025-11-12', confirmAvailableExceeded: true };
  return {
    ...scope,
    fileName: 'fattura-split.xml',
    content: fixture('own/FPR12_split_payment.xml'),
    newSupplier: {
      code: 990,
      searchKey: 'BRANDSCHUTZ ALPIN',
      name1: 'Brandschutz Alpin GmbH & Co. KG',
      vatCode: '02345678901',
      bankInfo: { iban: 'IT60X0542811101000000123456' },
    },
    movement: {
      ...head,
      type: 2,
      documentNumber: 'A-2025/120',
      accountId: await x.account('102', 'B1'),
      positions: [{ chapter: '21006', amount: 50_000 }],
      payments: [{ amount: 50_000, dateDue: '2025-12-12' }],
    },
    companion: { ...head, type: 3, transferPositions: [{ chapterFrom: '21006', chapterTo: '13001', amount: 11_000, note: 'IVA split payment A-2025/120' }] },
  };
};
/** A statement of 102's bank account B1 with one credit: a donation (the rule of statements.saveRule books it on 11001). */
async function statementOfB1(x: Env): Promise<string> {
  const [b1] = await x
    .get()
    .db.select({ iban: accounts.iban })
    .from(accounts)
    .where(eq(accounts.id, await x.account('102', 'B1')));
  return camtXml({
    statementId: 'AUSZUG-06',
    createdAt: `${PREV}-06-14T18:00:00`,
    iban: b1!.iban,
    opening: { amount: 100_000, date: `${PREV}-06-13` },
    entries: [{ creditDebit: 'CRDT', bookingDate: `${PREV}-06-14`, transactions: [{ amount: 12_345, name: 'Anna Huber', remittance: 'Spende Huber' }] }],
  });
}

/** Entity and action come from actions.ts; a row here restates them (the test reads the trail, not the table). */
const SCENARIOS: Record<string, Scenario> = {
  // ---- base data: departments, suppliers, banks, accounts -------------------------------------------------
  'departments.create': {
    user: 'supervisor',
    run: (c, x) => c.departments.create({ ...deptFields, departmentId: x.dept('000') }),
    after: (a, x) => (x.ids.department = idOf(a)),
    expect: [
      {
        user: 'supervisor',
        entity: 'department',
        action: 'created',
        dept: '000',
        year: null,
        rows: [{ table: 'departments', op: 'I', fields: { code: { after: '1AB' }, name2_deu: { after: 'Kardaun' } } }],
      },
    ],
    refused: { run: (c, x) => c.departments.create({ ...deptFields, name2Deu: 'Doppelt', departmentId: x.dept('000') }), error: 'DepartmentExists' },
  },
  'departments.update': {
    user: 'supervisor',
    run: (c, x) => c.departments.update({ ...deptFields, id: x.ids.department!, departmentId: x.dept('000'), name2Deu: 'Kardaun-Karneid' }),
    expect: [
      {
        user: 'supervisor',
        entity: 'department',
        action: 'changed',
        dept: '000',
        year: null,
        rows: [{ table: 'departments', op: 'U', fields: { name2_deu: { before: 'Kardaun', after: 'Kardaun-Karneid' } } }],
      },
    ],
    refused: {
      run: (c, x) => c.departments.update({ ...deptFields, code: '101', id: x.ids.department!, departmentId: x.dept('000') }),
      error: 'DepartmentExists',
    },
  },
  'departments.patch': {
    user: 'supervisor',
    run: (c, x) => c.departments.patch({ id: x.ids.department!, departmentId: x.dept('000'), email: 'info@ff-kardaun.it' }),
    expect: [
      {
        user: 'supervisor',
        entity: 'department',
        action: 'changed',
        dept: '000',
        year: null,
        rows: [{ table: 'departments', op: 'U', fields: { email: { before: '', after: 'info@ff-kardaun.it' } } }],
      },
    ],
    refused: { run: (c, x) => c.departments.patch({ id: 999_999, departmentId: x.dept('000'), email: '' }), error: 'NotFound' },
  },
  'departments.delete': {
    user: 'supervisor',
    run: (c, x) => c.departments.delete({ id: x.ids.department!, departmentId: x.dept('000') }),
    expect: [
      {
        user: 'supervisor',
        entity: 'department',
        action: 'deleted',
        dept: '000',
        year: null,
        rows: [{ table: 'departments', op: 'D', fields: { code: { before: '1AB' }, email: { before: 'info@ff-kardaun.it' } } }],
      },
    ],
    refused: { run: (c, x) => c.departments.delete({ id: x.dept('101'), departmentId: x.dept('000') }), error: 'InUse' },
  },
  'suppliers.create': {
    user: 'kassier',
    run: (c, x) => c.suppliers.create({ ...supplier, departmentId: x.dept('101') }),
    after: (a, x) => (x.ids.supplier = idOf(a)),
    expect: [
      {
        user: 'kassier',
        entity: 'supplier',
        action: 'created',
        dept: '101',
        year: null,
        rows: [{ table: 'suppliers', op: 'I', fields: { code: { after: 2001 }, name1: { after: 'Hofer Bau GmbH' } } }],
      },
    ],
    refused: { run: (c, x) => c.suppliers.create({ ...supplier, name1: 'Anderer', departmentId: x.dept('101') }), error: 'SupplierExists' },
  },
  'suppliers.update': {
    user: 'kassier',
    run: (c, x) => c.suppliers.update({ ...supplier, id: x.ids.supplier!, departmentId: x.dept('101'), name2: 'Tiefbau' }),
    expect: [
      {
        user: 'kassier',
        entity: 'supplier',
        action: 'changed',
        dept: '101',
        year: null,
        rows: [{ table: 'suppliers', op: 'U', fields: { name2: { before: 'Hoch- und Tiefbau', after: 'Tiefbau' } } }],
      },
    ],
    refused: { run: (c, x) => c.suppliers.update({ ...supplier, id: x.ids.supplier!, departmentId: x.dept('102') }), error: 'DepartmentNotAllowed' },
  },
  'suppliers.patch': {
    user: 'kassier',
    run: (c, x) => c.suppliers.patch({ id: x.ids.supplier!, departmentId: x.dept('101'), email: 'buero@hoferbau.it' }),
    expect: [
      {
        user: 'kassier',
        entity: 'supplier',
        action: 'changed',
        dept: '101',
        year: null,
        rows: [{ table: 'suppliers', op: 'U', fields: { email: { before: '', after: 'buero@hoferbau.it' } } }],
      },
    ],
    refused: { run: (c, x) => c.suppliers.patch({ id: x.ids.supplier!, departmentId: x.dept('101'), email: 'kein mail' }), error: 'InvalidValue' },
  },
  'suppliers.delete': {
    user: 'kassier',
    run: (c, x) => c.suppliers.delete({ id: x.ids.supplier!, departmentId: x.dept('101') }),
    expect: [
      {
        user: 'kassier',
        entity: 'supplier',
        action: 'deleted',
        dept: '101',
        year: null,
        rows: [{ table: 'suppliers', op: 'D', fields: { name1: { before: 'Hofer Bau GmbH' } } }],
      },
    ],
    refused: { run: (c, x) => c.suppliers.delete({ id: x.ids.supplier!, departmentId: x.dept('101') }), error: 'NotFound' },
  },
  'banks.create': {
    user: 'supervisor',
    run: (c) => c.banks.create(bank),
    after: (a, x) => (x.ids.bank = idOf(a)),
    expect: [
      {
        user: 'supervisor',
        entity: 'bank',
        action: 'created',
        dept: null,
        year: null,
        rows: [{ table: 'banks', op: 'I', fields: { abi: { after: '08056' }, swift: { after: 'RZSBIT21106' } } }],
      },
    ],
    refused: { run: (c) => c.banks.create(bank), error: 'BankExists' },
  },
  'banks.update': {
    user: 'supervisor',
    run: (c, x) => c.banks.update({ ...bank, street: 'Dorfstraße 1', id: x.ids.bank! }),
    expect: [
      {
        user: 'supervisor',
        entity: 'bank',
        action: 'changed',
        dept: null,
        year: null,
        rows: [{ table: 'banks', op: 'U', fields: { street: { before: '', after: 'Dorfstraße 1' } } }],
      },
    ],
    refused: { run: (c) => c.banks.update({ ...bank, abi: '08057', id: 999_999 }), error: 'NotFound' },
  },
  'banks.patch': {
    user: 'supervisor',
    run: (c, x) => c.banks.patch({ id: x.ids.bank!, routingCode: 'R-1' }),
    expect: [
      {
        user: 'supervisor',
        entity: 'bank',
        action: 'changed',
        dept: null,
        year: null,
        rows: [{ table: 'banks', op: 'U', fields: { routing_code: { before: '', after: 'R-1' } } }],
      },
    ],
    refused: { run: (c) => c.banks.patch({ id: 999_999, routingCode: 'R-2' }), error: 'NotFound' },
  },
  'banks.delete': {
    user: 'supervisor',
    run: (c, x) => c.banks.delete({ id: x.ids.bank! }),
    expect: [
      {
        user: 'supervisor',
        entity: 'bank',
        action: 'deleted',
        dept: null,
        year: null,
        rows: [{ table: 'banks', op: 'D', fields: { street: { before: 'Dorfstraße 1' }, routing_code: { before: 'R-1' } } }],
      },
    ],
    refused: { run: (c, x) => c.banks.delete({ id: x.ids.bank! }), error: 'NotFound' },
  },
  'banks.import': {
    user: 'supervisor',
    run: (c, x) => c.banks.import({ csv: bankCsv, departmentId: x.dept('000') }),
    expect: [
      {
        user: 'supervisor',
        entity: 'bank',
        action: 'imported',
        dept: '000',
        year: null,
        rows: [{ table: 'banks', op: 'I', fields: { abi: { after: '08302' }, cab: { after: '58680' } } }],
      },
    ],
    refused: { user: 'kassier', run: (c, x) => c.banks.import({ csv: bankCsv, departmentId: x.dept('101') }), error: 'Forbidden' },
  },
  'accounts.create': {
    user: 'kassier',
    run: (c, x) => c.accounts.create({ ...postAccount, departmentId: x.dept('101') }),
    after: (a, x) => (x.ids.account = idOf(a)),
    expect: [
      {
        user: 'kassier',
        entity: 'account',
        action: 'created',
        dept: '101',
        year: null,
        rows: [{ table: 'accounts', op: 'I', fields: { code: { after: 'P1' }, type: { after: 3 } } }],
      },
    ],
    refused: { run: (c, x) => c.accounts.create({ ...postAccount, departmentId: x.dept('101') }), error: 'AccountExists' },
  },
  'accounts.update': {
    user: 'kassier',
    run: (c, x) => c.accounts.update({ year: Y, ...postAccount, notes: 'neu', id: x.ids.account!, departmentId: x.dept('101') }),
    expect: [
      {
        user: 'kassier',
        entity: 'account',
        action: 'changed',
        dept: '101',
        year: Y,
        rows: [{ table: 'accounts', op: 'U', fields: { notes: { before: '', after: 'neu' } } }],
      },
    ],
    refused: { run: (c, x) => c.accounts.update({ year: Y, ...postAccount, id: x.ids.account!, departmentId: x.dept('102') }), error: 'DepartmentNotAllowed' },
  },
  'accounts.patch': {
    user: 'kassier',
    run: (c, x) => c.accounts.patch({ year: Y, id: x.ids.account!, departmentId: x.dept('101'), descriptionDeu: 'Post' }),
    expect: [
      {
        user: 'kassier',
        entity: 'account',
        action: 'changed',
        dept: '101',
        year: Y,
        rows: [{ table: 'accounts', op: 'U', fields: { description_deu: { before: 'Postkontokorrent', after: 'Post' } } }],
      },
    ],
    refused: { run: (c, x) => c.accounts.patch({ year: Y, id: 999_999, departmentId: x.dept('101'), descriptionDeu: 'x' }), error: 'NotFound' },
  },
  'accounts.delete': {
    user: 'kassier',
    run: (c, x) => c.accounts.delete({ id: x.ids.account!, departmentId: x.dept('101') }),
    expect: [
      {
        user: 'kassier',
        entity: 'account',
        action: 'deleted',
        dept: '101',
        year: null,
        rows: [{ table: 'accounts', op: 'D', fields: { code: { before: 'P1' } } }],
      },
    ],
    refused: { run: (c, x) => c.accounts.delete({ id: x.ids.account!, departmentId: x.dept('101') }), error: 'NotFound' },
  },

  // ---- users and their departments -------------------------------------------------------------------------
  'admin.users.create': {
    user: 'admin',
    run: (c, x) => c.admin.users.create(newUser(x)),
    after: (a, x) => (x.ids.user = idOf(a)),
    expect: [
      {
        user: 'admin',
        entity: 'user',
        action: 'created',
        dept: null,
        year: null,
        rows: (x): RowExpectation[] => [
          { table: 'users', op: 'I', fields: { username: { after: 'neu' }, fullname: { after: 'Nora Neu' } } },
          { table: 'user_departments', op: 'I', fields: { department_id: { after: x.dept('101') } } },
        ],
      },
    ],
    refused: { run: (c, x) => c.admin.users.create({ ...newUser(x), username: 'KASSIER' }), error: 'UserExists' },
  },
  'admin.users.update': {
    user: 'admin',
    run: async (c, x) => c.admin.users.update({ ...(await c.admin.users.get({ id: x.ids.user! })), fullname: 'Nora Neumann' }),
    expect: [
      {
        user: 'admin',
        entity: 'user',
        action: 'changed',
        dept: null,
        year: null,
        rows: [{ table: 'users', op: 'U', fields: { fullname: { before: 'Nora Neu', after: 'Nora Neumann' } } }],
      },
    ],
    refused: { run: async (c, x) => c.admin.users.update({ ...(await c.admin.users.get({ id: x.ids.user! })), accessLevel: 3 }), error: 'Forbidden' },
  },
  'admin.users.patch': {
    user: 'supervisor',
    run: (c, x) => c.admin.users.patch({ id: x.ids.user!, locked: true }),
    expect: [
      {
        user: 'supervisor',
        entity: 'user',
        action: 'changed',
        dept: null,
        year: null,
        rows: [{ table: 'users', op: 'U', fields: { locked: { before: false, after: true } } }],
      },
    ],
    refused: { run: (c, x) => c.admin.users.patch({ id: x.ids.user!, username: 'Kassier' }), error: 'UserExists' },
  },
  'admin.userDepartments.create': {
    user: 'admin',
    run: (c, x) => c.admin.userDepartments.create({ userId: x.ids.user!, deptId: x.dept('102') }),
    after: (a, x) => (x.ids.link = idOf(a)),
    expect: [
      {
        user: 'admin',
        entity: 'userDepartment',
        action: 'created',
        dept: null,
        year: null,
        rows: (x): RowExpectation[] => [
          { table: 'user_departments', op: 'I', fields: { user_id: { after: x.ids.user }, department_id: { after: x.dept('102') } } },
        ],
      },
    ],
    refused: { run: (c, x) => c.admin.userDepartments.create({ userId: x.ids.user!, deptId: x.dept('102') }), error: 'AlreadyLinked' },
  },
  'admin.userDepartments.update': {
    user: 'admin',
    run: (c, x) => c.admin.userDepartments.update({ id: x.ids.link!, userId: x.ids.user!, deptId: x.dept('201') }),
    expect: [
      {
        user: 'admin',
        entity: 'userDepartment',
        action: 'changed',
        dept: null,
        year: null,
        rows: (x): RowExpectation[] => [{ table: 'user_departments', op: 'U', fields: { department_id: { before: x.dept('102'), after: x.dept('201') } } }],
      },
    ],
    refused: { run: (c, x) => c.admin.userDepartments.update({ id: x.ids.link!, userId: x.ids.user!, deptId: 999_999 }), error: 'InvalidValue' },
  },
  'admin.userDepartments.patch': {
    user: 'admin',
    run: (c, x) => c.admin.userDepartments.patch({ id: x.ids.link!, deptId: x.dept('202') }),
    expect: [
      {
        user: 'admin',
        entity: 'userDepartment',
        action: 'changed',
        dept: null,
        year: null,
        rows: (x): RowExpectation[] => [{ table: 'user_departments', op: 'U', fields: { department_id: { before: x.dept('201'), after: x.dept('202') } } }],
      },
    ],
    refused: { run: (c, x) => c.admin.userDepartments.patch({ id: x.ids.link!, deptId: x.dept('101') }), error: 'AlreadyLinked' },
  },
  'admin.userDepartments.delete': {
    user: 'admin',
    run: (c, x) => c.admin.userDepartments.delete({ id: x.ids.link! }),
    expect: [
      {
        user: 'admin',
        entity: 'userDepartment',
        action: 'deleted',
        dept: null,
        year: null,
        rows: (x): RowExpectation[] => [{ table: 'user_departments', op: 'D', fields: { department_id: { before: x.dept('202') } } }],
      },
    ],
    refused: {
      run: async (c, x) => {
        const [last] = await x.get().db.select({ id: userDepartments.id }).from(userDepartments).where(eq(userDepartments.userId, x.ids.user!));
        return c.admin.userDepartments.delete({ id: last!.id });
      },
      error: 'DepartmentNeeded',
    },
  },
  'admin.users.delete': {
    user: 'supervisor',
    run: (c, x) => c.admin.users.delete({ id: x.ids.user! }),
    expect: [
      {
        user: 'supervisor',
        entity: 'user',
        action: 'deleted',
        dept: null,
        year: null,
        rows: [
          { table: 'users', op: 'D', fields: { username: { before: 'neu' }, fullname: { before: 'Nora Neumann' } } },
          { table: 'user_departments', op: 'D', fields: {} },
        ],
      },
    ],
    refused: { run: (c, x) => c.admin.users.delete({ id: x.ids.user! }), error: 'NotFound' },
  },

  // ---- chart of accounts (area 3, year Y; no forecast of the area approved yet) --------------------------------
  'chart.titles.create': {
    user: 'supervisor',
    run: (c, x) => c.chart.titles.create({ ...s(x, '101', Y), part: 2, title: 4, descriptionDeu: 'Rückstellungen', descriptionIta: 'Accantonamenti' }),
    after: (a, x) => (x.ids.title = idOf(a)),
    expect: [
      {
        user: 'supervisor',
        entity: 'chartTitle',
        action: 'created',
        dept: '101',
        year: Y,
        rows: [{ table: 'titles', op: 'I', fields: { title: { after: 4 }, description_deu: { after: 'Rückstellungen' } } }],
      },
    ],
    refused: {
      run: (c, x) => c.chart.titles.create({ ...s(x, '101', Y), part: 2, title: 4, descriptionDeu: 'x', descriptionIta: 'y' }),
      error: 'ChartItemExists',
    },
  },
  'chart.titles.update': {
    user: 'supervisor',
    run: (c, x) => c.chart.titles.update({ id: x.ids.title!, part: 2, title: 4, descriptionDeu: 'Rücklagen', descriptionIta: 'Accantonamenti' }),
    expect: [
      {
        user: 'supervisor',
        entity: 'chartTitle',
        action: 'changed',
        dept: null,
        year: Y,
        rows: [{ table: 'titles', op: 'U', fields: { description_deu: { before: 'Rückstellungen', after: 'Rücklagen' } } }],
      },
    ],
    refused: { run: (c) => c.chart.titles.update({ id: 999_999, part: 2, title: 4, descriptionDeu: 'x', descriptionIta: 'y' }), error: 'NotFound' },
  },
  'chart.titles.patch': {
    user: 'supervisor',
    run: (c, x) => c.chart.titles.patch({ id: x.ids.title!, descriptionIta: 'Riserve' }),
    expect: [
      {
        user: 'supervisor',
        entity: 'chartTitle',
        action: 'changed',
        dept: null,
        year: Y,
        rows: [{ table: 'titles', op: 'U', fields: { description_ita: { before: 'Accantonamenti', after: 'Riserve' } } }],
      },
    ],
    refused: { run: (c) => c.chart.titles.patch({ id: 999_999, descriptionIta: 'x' }), error: 'NotFound' },
  },
  'chart.categories.create': {
    user: 'supervisor',
    run: (c, x) => c.chart.categories.create({ ...s(x, '101', Y), part: 2, category: 'x1', descriptionDeu: 'Funk', descriptionIta: 'Radio' }),
    after: (a, x) => (x.ids.category = idOf(a)),
    expect: [
      {
        user: 'supervisor',
        entity: 'chartCategory',
        action: 'created',
        dept: '101',
        year: Y,
        rows: [{ table: 'categories', op: 'I', fields: { category: { after: 'X1' } } }],
      },
    ],
    refused: {
      run: (c, x) => c.chart.categories.create({ ...s(x, '101', Y), part: 2, category: 'X1', descriptionDeu: 'x', descriptionIta: 'y' }),
      error: 'ChartItemExists',
    },
  },
  'chart.categories.update': {
    user: 'supervisor',
    run: (c, x) => c.chart.categories.update({ id: x.ids.category!, part: 2, category: 'X1', descriptionDeu: 'Funkgeräte', descriptionIta: 'Radio' }),
    expect: [
      {
        user: 'supervisor',
        entity: 'chartCategory',
        action: 'changed',
        dept: null,
        year: Y,
        rows: [{ table: 'categories', op: 'U', fields: { description_deu: { before: 'Funk', after: 'Funkgeräte' } } }],
      },
    ],
    refused: { run: (c) => c.chart.categories.update({ id: 999_999, part: 2, category: 'X1', descriptionDeu: 'x', descriptionIta: 'y' }), error: 'NotFound' },
  },
  'chart.categories.patch': {
    user: 'supervisor',
    run: (c, x) => c.chart.categories.patch({ id: x.ids.category!, descriptionIta: 'Radiocomunicazioni' }),
    expect: [
      {
        user: 'supervisor',
        entity: 'chartCategory',
        action: 'changed',
        dept: null,
        year: Y,
        rows: [{ table: 'categories', op: 'U', fields: { description_ita: { before: 'Radio', after: 'Radiocomunicazioni' } } }],
      },
    ],
    refused: { run: (c) => c.chart.categories.patch({ id: 999_999, descriptionIta: 'x' }), error: 'NotFound' },
  },
  'chart.chapters.create': {
    user: 'supervisor',
    run: (c, x) => c.chart.chapters.create({ ...s(x, '101', Y), ...newChapter, categoryId: x.ids.category! }),
    after: (a, x) => (x.ids.chapter = idOf(a)),
    expect: [
      {
        user: 'supervisor',
        entity: 'chartChapter',
        action: 'created',
        dept: '101',
        year: Y,
        rows: [{ table: 'chapters', op: 'I', fields: { chapter: { after: '24090' }, description_deu: { after: 'Funkgeräte' } } }],
      },
    ],
    refused: { run: (c, x) => c.chart.chapters.create({ ...s(x, '101', Y), ...newChapter }), error: 'ChartItemExists' },
  },
  'chart.chapters.update': {
    user: 'supervisor',
    run: (c, x) => c.chart.chapters.update({ id: x.ids.chapter!, ...newChapter, categoryId: x.ids.category!, descriptionDeu: 'Funk' }),
    expect: [
      {
        user: 'supervisor',
        entity: 'chartChapter',
        action: 'changed',
        dept: null,
        year: Y,
        rows: [{ table: 'chapters', op: 'U', fields: { description_deu: { before: 'Funkgeräte', after: 'Funk' } } }],
      },
    ],
    refused: { run: (c, x) => c.chart.chapters.update({ id: x.ids.chapter!, ...newChapter, searchKeyIta: '' }), error: 'InvalidValue' },
  },
  'chart.chapters.patch': {
    user: 'supervisor',
    run: (c, x) => c.chart.chapters.patch({ id: x.ids.chapter!, descriptionIta: 'Radio' }),
    expect: [
      {
        user: 'supervisor',
        entity: 'chartChapter',
        action: 'changed',
        dept: null,
        year: Y,
        rows: [{ table: 'chapters', op: 'U', fields: { description_ita: { before: 'Apparecchi radio', after: 'Radio' } } }],
      },
    ],
    refused: { run: (c, x) => c.chart.chapters.patch({ id: x.ids.chapter!, searchKeyDeu: '' }), error: 'InvalidValue' },
  },
  'chart.chapters.delete': {
    user: 'supervisor',
    run: (c, x) => c.chart.chapters.delete({ id: x.ids.chapter! }),
    expect: [
      {
        user: 'supervisor',
        entity: 'chartChapter',
        action: 'deleted',
        dept: null,
        year: null,
        rows: [{ table: 'chapters', op: 'D', fields: { chapter: { before: '24090' } } }],
      },
    ],
    refused: { run: (c) => c.chart.chapters.delete({ id: 999_999 }), error: 'NotFound' },
  },
  'chart.categories.delete': {
    user: 'supervisor',
    run: (c, x) => c.chart.categories.delete({ id: x.ids.category! }),
    expect: [
      {
        user: 'supervisor',
        entity: 'chartCategory',
        action: 'deleted',
        dept: null,
        year: null,
        rows: [{ table: 'categories', op: 'D', fields: { category: { before: 'X1' } } }],
      },
    ],
    refused: { run: (c, x) => c.chart.categories.delete({ id: x.ids.category! }), error: 'NotFound' },
  },
  'chart.titles.delete': {
    user: 'supervisor',
    run: (c, x) => c.chart.titles.delete({ id: x.ids.title! }),
    expect: [
      {
        user: 'supervisor',
        entity: 'chartTitle',
        action: 'deleted',
        dept: null,
        year: null,
        rows: [{ table: 'titles', op: 'D', fields: { description_deu: { before: 'Rücklagen' } } }],
      },
    ],
    refused: { run: (c, x) => c.chart.titles.delete({ id: x.ids.title! }), error: 'NotFound' },
  },

  // ---- years, chart copy and unlocks ---------------------------------------------------------------------
  'years.create': {
    user: 'supervisor',
    run: (c) => c.years.create({ year: NEXT }),
    expect: [
      {
        user: 'supervisor',
        entity: 'financialYear',
        action: 'created',
        dept: null,
        year: NEXT,
        rows: [{ table: 'financial_years', op: 'I', fields: { year: { after: NEXT } } }],
      },
    ],
    refused: { user: 'kassier', run: (c) => c.years.create({ year: NEXT + 1 }), error: 'Forbidden' },
    // an existing year answers YearExists and writes nothing
    answeredUnchanged: [(c) => c.years.create({ year: NEXT })],
  },
  'chart.copy': {
    user: 'supervisor',
    run: (c) => c.chart.copy({ area: 3, year: NEXT, chapters: true, categories: false, titles: false, test: false }),
    expect: [
      {
        user: 'supervisor',
        entity: 'chart',
        action: 'copied',
        dept: null,
        year: NEXT,
        rows: [{ table: 'chapters', op: 'I', fields: { year: { after: NEXT }, chapter: { after: '21003' } } }],
      },
    ],
    refused: {
      user: 'kassier',
      run: (c) => c.chart.copy({ area: 3, year: NEXT, chapters: true, categories: false, titles: false, test: false }),
      error: 'Forbidden',
    },
    answeredUnchanged: [
      // the dry run (test) and a copy over existing chapters without replace (status Error, ChaptersExist)
      (c) => c.chart.copy({ area: 3, year: NEXT, chapters: true, categories: false, titles: false, test: true }),
      (c) => c.chart.copy({ area: 3, year: NEXT, chapters: true, categories: false, titles: false, test: false }),
    ],
  },
  'chart.unlock': {
    user: 'supervisor',
    run: (c) => c.chart.unlock({ year: Y, area: 3, unlocked: true }),
    expect: [{ user: 'supervisor', entity: 'chart', action: 'unlocked', dept: null, year: Y, rows: [{ table: 'financial_years', op: 'U', fields: {} }] }],
    refused: { user: 'kassier', run: (c) => c.chart.unlock({ year: Y, area: 3, unlocked: false }), error: 'Forbidden' },
  },
  'years.setStatus': {
    user: 'supervisor',
    run: (c) => c.years.setStatus({ years: [{ year: PREV, areaUnlocked: { 1: false, 2: true, 3: false } }] }),
    expect: [
      {
        user: 'supervisor',
        entity: 'financialYear',
        action: 'statusChanged',
        dept: null,
        year: null,
        rows: [{ table: 'financial_years', op: 'U', fields: {} }],
      },
    ],
    refused: {
      user: 'admin',
      run: (c, x) => c.years.setStatus({ years: [{ year: PREV, areaUnlocked: { 1: false, 2: false, 3: false } }], departmentId: x.dept('100') }),
      error: 'Forbidden',
    },
  },

  // ---- booking templates (101) -----------------------------------------------------------------------------
  'templates.create': {
    user: 'kassier',
    run: (c, x) => c.templates.create({ ...s(x, '101', Y), descriptionDeu: 'Kursgebühr', descriptionIta: 'Quota corso' }),
    after: (a, x) => (x.ids.template = answerOf<{ code: number }>(a).code),
    expect: [
      {
        user: 'kassier',
        entity: 'template',
        action: 'created',
        dept: '101',
        year: Y,
        rows: [{ table: 'movement_templates', op: 'I', fields: { description_deu: { after: 'Kursgebühr' } } }],
      },
    ],
    refused: { run: (c, x) => c.templates.create({ ...s(x, '101', Y), descriptionDeu: '', descriptionIta: 'y' }), error: 'InvalidValue' },
  },
  'templates.save': {
    user: 'kassier',
    run: (c, x) => c.templates.save({ ...s(x, '101', Y), code: x.ids.template!, descriptionIta: 'Quota del corso', positions: [{ chapter: '21016' }] }),
    expect: [
      {
        user: 'kassier',
        entity: 'template',
        action: 'changed',
        dept: '101',
        year: Y,
        rows: [{ table: 'movement_templates', op: 'U', fields: { description_ita: { before: 'Quota corso', after: 'Quota del corso' } } }],
      },
    ],
    refused: { run: (c, x) => c.templates.save({ ...s(x, '101', Y), code: x.ids.template!, positions: [{ chapter: '21999' }] }), error: 'ChapterNotFound' },
  },
  'templates.delete': {
    user: 'kassier',
    run: (c, x) => c.templates.delete({ ...s(x, '101', Y), code: x.ids.template! }),
    expect: [
      {
        user: 'kassier',
        entity: 'template',
        action: 'deleted',
        dept: '101',
        year: Y,
        rows: [{ table: 'movement_templates', op: 'D', fields: { description_ita: { before: 'Quota del corso' } } }],
      },
    ],
    refused: { run: (c, x) => c.templates.delete({ ...s(x, '101', Y), code: x.ids.template! }), error: 'NotFound' },
  },

  // ---- the budget of 201 in Y (zwei): forecast, surplus, approval, changes, adjustment -----------------------
  'budget.forecast.save': {
    user: 'zwei',
    prepare: async (c, x) => {
      await c.budget.forecast.save({ ...s(x, '201', Y), part: 1, positions: [{ chapter: '11001', amountCurrYear: 100_000 }] });
    },
    run: (c, x) => c.budget.forecast.save({ ...s(x, '201', Y), part: 2, positions: [{ chapter: '21003', amountCurrYear: 100_000 }] }),
    expect: [
      {
        user: 'zwei',
        entity: 'budgetForecast',
        action: 'changed',
        dept: '201',
        year: Y,
        rows: [{ table: 'chapter_budgets', op: 'I', fields: { budget_initial: { after: 100_000 } } }],
      },
    ],
    refused: {
      user: 'kassier',
      run: (c, x) => c.budget.forecast.save({ ...s(x, '201', Y), part: 2, positions: [{ chapter: '21003', amountCurrYear: 1 }] }),
      error: 'DepartmentNotAllowed',
    },
  },
  'budget.surplus.save': {
    user: 'zwei',
    run: (c, x) =>
      c.budget.surplus.save({
        ...s(x, '201', Y),
        cashBalance: 500_000,
        revenuesActual: 0,
        revenuesResidue: 0,
        expensesActual: 0,
        expensesResidue: 0,
        surplusUsed: 0,
      }),
    expect: [
      {
        user: 'zwei',
        entity: 'budgetSurplus',
        action: 'changed',
        dept: '201',
        year: Y,
        rows: [{ table: 'budget_heads', op: 'U', fields: { cash_balance: { before: 0, after: 500_000 } } }],
      },
    ],
    refused: {
      run: (c, x) =>
        c.budget.surplus.save({
          ...s(x, '201', Y),
          cashBalance: 500_000,
          revenuesActual: 0,
          revenuesResidue: 0,
          expensesActual: 0,
          expensesResidue: 0,
          surplusUsed: 500_001,
        }),
      error: 'InvalidValue',
    },
  },
  'budget.forecast.approve': {
    user: 'zwei',
    run: (c, x) => c.budget.forecast.approve({ ...s(x, '201', Y), approval: `${Y}-01-20` }),
    expect: [
      {
        user: 'zwei',
        entity: 'budgetForecast',
        action: 'approved',
        dept: '201',
        year: Y,
        rows: [{ table: 'budget_heads', op: 'U', fields: { forecast_approved: { before: null, after: `${Y}-01-20` } } }],
      },
    ],
    refused: { user: 'kassier', run: (c, x) => c.budget.forecast.approve({ ...s(x, '201', Y), approval: null }), error: 'DepartmentNotAllowed' },
  },
  'budget.changes.create': {
    user: 'zwei',
    run: (c, x) => c.budget.changes.create({ ...s(x, '201', Y), approved: `${Y}-02-01` }),
    expect: [
      {
        user: 'zwei',
        entity: 'budgetChange',
        action: 'created',
        dept: '201',
        year: Y,
        recordNumber: 1,
        rows: [{ table: 'budget_changes', op: 'I', fields: { record_number: { after: 1 }, approved: { after: `${Y}-02-01` } } }],
      },
    ],
    refused: { run: (c, x) => c.budget.changes.create({ ...s(x, '201', Y), approved: `${PREV}-12-31` }), error: 'InvalidDate' },
  },
  'budget.changes.save': {
    user: 'zwei',
    run: (c, x) =>
      c.budget.changes.save({
        ...s(x, '201', Y),
        recordNumber: 1,
        approved: `${Y}-02-01`,
        positions: [
          { chapter: '21003', amount: 20_000 },
          { chapter: '11001', amount: 20_000 },
        ],
      }),
    expect: [
      {
        user: 'zwei',
        entity: 'budgetChange',
        action: 'changed',
        dept: '201',
        year: Y,
        recordNumber: 1,
        rows: [{ table: 'budget_change_positions', op: 'I', fields: { amount: { after: 20_000 } } }],
      },
    ],
    refused: {
      run: (c, x) => c.budget.changes.save({ ...s(x, '201', Y), recordNumber: 1, approved: `${Y}-02-01`, positions: [{ chapter: '21003', amount: 20_000 }] }),
      error: 'BudgetNotBalanced',
    },
  },
  'budget.changes.delete': {
    user: 'zwei',
    prepare: async (c, x) => {
      await c.budget.changes.create({ ...s(x, '201', Y), approved: `${Y}-03-01` });
    },
    run: (c, x) => c.budget.changes.delete({ ...s(x, '201', Y), recordNumber: 2 }),
    expect: [
      {
        user: 'zwei',
        entity: 'budgetChange',
        action: 'deleted',
        dept: '201',
        year: Y,
        recordNumber: 2,
        rows: [{ table: 'budget_changes', op: 'D', fields: { record_number: { before: 2 } } }],
      },
    ],
    refused: { run: (c, x) => c.budget.changes.delete({ ...s(x, '201', Y), recordNumber: 7 }), error: 'NotFound' },
  },
  'budget.adjustment.create': {
    user: 'zwei',
    run: (c, x) => c.budget.adjustment.create({ ...s(x, '201', Y), approved: `${Y}-05-10`, notes: 'Vollversammlung', surplusActual: 10_000 }),
    expect: [
      {
        user: 'zwei',
        entity: 'budgetAdjustment',
        action: 'created',
        dept: '201',
        year: Y,
        recordNumber: -1,
        rows: [{ table: 'budget_changes', op: 'I', fields: { surplus_actual: { after: 10_000 } } }],
      },
    ],
    refused: { run: (c, x) => c.budget.adjustment.create({ ...s(x, '201', Y), approved: `${Y}-05-10`, surplusActual: 0 }), error: 'AdjustmentExists' },
  },
  'budget.adjustment.save': {
    user: 'zwei',
    run: (c, x) =>
      c.budget.adjustment.save({
        ...s(x, '201', Y),
        approved: `${Y}-05-10`,
        notes: 'Vollversammlung',
        surplusActual: 10_000,
        positions: [{ chapter: '21003', amount: 10_000 }],
      }),
    expect: [
      {
        user: 'zwei',
        entity: 'budgetAdjustment',
        action: 'changed',
        dept: '201',
        year: Y,
        recordNumber: -1,
        rows: [{ table: 'budget_change_positions', op: 'I', fields: { amount: { after: 10_000 } } }],
      },
    ],
    refused: {
      run: (c, x) => c.budget.adjustment.save({ ...s(x, '201', Y), approved: `${Y}-05-10`, notes: 'Vollversammlung', surplusActual: 10_000, positions: [] }),
      error: 'BudgetNotBalanced',
    },
  },

  // ---- bookings of 102 in its booked year PREV (zwei) --------------------------------------------------------
  'movements.save': {
    user: 'zwei',
    run: async (c, x) => c.movements.save(await expense(x, 12_345, 'Diesel')),
    expect: [
      {
        user: 'zwei',
        entity: 'movement',
        action: 'created',
        dept: '102',
        year: PREV,
        recordNumber: (_x, a) => answerOf<{ recordNumber: number }>(a).recordNumber,
        rows: [{ table: 'movement_positions', op: 'I', fields: { amount: { after: 12_345 }, note: { after: 'Diesel' } } }],
      },
    ],
    refused: { run: async (c, x) => c.movements.save({ ...(await expense(x, 12_345, 'x')), recordDate: `${PREV}-02-30` }), error: 'InvalidValue' },
  },
  'movements.delete': {
    user: 'zwei',
    prepare: async (c, x) => {
      x.ids.cancelMe = answerOf<{ recordNumber: number }>(await c.movements.save(await expense(x, 4_200, 'zu stornieren'))).recordNumber;
      await c.movements.save(await expense(x, 100, 'bleibt'));
    },
    run: (c, x) => c.movements.delete({ ...s(x, '102', PREV), kind: 'expenses', recordNumber: x.ids.cancelMe! }),
    expect: [
      {
        user: 'zwei',
        entity: 'movement',
        action: 'cancelled',
        dept: '102',
        year: PREV,
        recordNumber: (x) => x.ids.cancelMe!,
        rows: [{ table: 'movement_positions', op: 'U', fields: {} }],
      },
    ],
    refused: { run: (c, x) => c.movements.delete({ ...s(x, '102', PREV), kind: 'expenses', recordNumber: 999_999 }), error: 'RecordNotFound' },
  },
  // ---- receipts (issue 28): a PDF attached to an expense of 102, then deleted ------------------------------------
  'documents.attach': {
    user: 'zwei',
    prepare: async (c, x) => {
      x.ids.receiptMovement = idOf(await c.movements.save(await expense(x, 500, 'mit Beleg')));
    },
    run: (c, x) =>
      c.documents.attach({
        ...s(x, '102', PREV),
        recordKind: 'movement',
        recordId: x.ids.receiptMovement!,
        fileName: 'quittung.pdf',
        content: new TextEncoder().encode('%PDF-1.4\n% a receipt\n'),
      }),
    after: (a, x) => (x.ids.receipt = idOf(a)),
    expect: [
      {
        user: 'zwei',
        entity: 'document',
        action: 'created',
        dept: '102',
        year: PREV,
        rows: [{ table: 'documents', op: 'I', fields: { file_name: { after: 'quittung.pdf' }, content_type: { after: 'application/pdf' } } }],
      },
    ],
    refused: {
      run: (c, x) =>
        c.documents.attach({
          ...s(x, '102', PREV),
          recordKind: 'movement',
          recordId: x.ids.receiptMovement!,
          fileName: 'quittung.pdf',
          content: new TextEncoder().encode('MZ not a receipt'),
        }),
      error: 'DocumentType',
    },
  },
  'documents.delete': {
    user: 'zwei',
    run: (c, x) => c.documents.delete({ ...s(x, '102', PREV), id: x.ids.receipt! }),
    expect: [
      {
        user: 'zwei',
        entity: 'document',
        action: 'deleted',
        dept: '102',
        year: PREV,
        rows: [{ table: 'documents', op: 'D', fields: { file_name: { before: 'quittung.pdf' } } }],
      },
    ],
    refused: { run: (c, x) => c.documents.delete({ ...s(x, '102', PREV), id: 999_999 }), error: 'NotFound' },
  },
  'invoices.import': {
    user: 'zwei',
    run: (c, x) => c.invoices.import({ ...s(x, '102', PREV), fileName: 'fattura-split.xml', content: fixture('own/FPR12_split_payment.xml') }),
    // a read: it answers drafts and writes nothing, so it leaves no trail row (AUDIT_WROTE)
    expect: [],
    refused: {
      run: (c, x) => c.invoices.import({ ...s(x, '102', PREV), fileName: 'kein.xml', content: new TextEncoder().encode('no xml') }),
      error: 'InvoiceNotXml',
    },
  },
  // ---- e-invoices (issue 28): a split payment invoice booked with a new supplier, its VAT transfer and the file ----
  'invoices.book': {
    user: 'zwei',
    run: async (c, x) => c.invoices.book(await splitInvoiceBooking(x)),
    expect: [
      {
        user: 'zwei',
        entity: 'movement',
        action: 'created',
        dept: '102',
        year: PREV,
        recordNumber: (_x, a) => answerOf<{ movement: { recordNumber: number } }>(a).movement.recordNumber,
        rows: [
          { table: 'suppliers', op: 'I', fields: { name1: { after: 'Brandschutz Alpin GmbH & Co. KG' }, vat_code: { after: '02345678901' } } },
          { table: 'movement_positions', op: 'I', fields: { amount: { after: 50_000 } } },
          { table: 'movement_transfer_positions', op: 'I', fields: { amount: { after: 11_000 } } },
          { table: 'documents', op: 'I', fields: { file_name: { after: 'fattura-split.xml' }, content_type: { after: 'application/xml' } } },
        ],
      },
    ],
    // the same invoice again: booked already
    refused: { run: async (c, x) => c.invoices.book(await splitInvoiceBooking(x)), error: 'InvoiceDuplicate' },
  },
  // ---- bank statements (issue 28): a rule saved, a statement of 102's bank account B1 read, its credit booked by the rule ----
  'statements.saveRule': {
    user: 'zwei',
    run: (c, x) => c.statements.saveRule({ ...s(x, '102', PREV), kind: 'revenues', text: 'Spende Huber', chapter: '11001' }),
    after: (a, x) => (x.ids.statementRule = idOf(a)),
    expect: [
      {
        user: 'zwei',
        entity: 'statementRule',
        action: 'changed',
        dept: '102',
        year: PREV,
        rows: [{ table: 'statement_rules', op: 'I', fields: { text: { after: 'Spende Huber' }, chapter: { after: '11001' } } }],
      },
    ],
    refused: { run: (c, x) => c.statements.saveRule({ ...s(x, '102', PREV), kind: 'revenues', text: 'x', chapter: '99999' }), error: 'InvalidValue' },
  },
  'statements.import': {
    user: 'zwei',
    // a read: it proposes and writes nothing, so it leaves no trail row
    run: async (c, x) => c.statements.import({ ...s(x, '102', PREV), content: await statementOfB1(x) }),
    expect: [],
    refused: { run: (c, x) => c.statements.import({ ...s(x, '102', PREV), content: '<Document/>' }), error: 'StatementFormat' },
  },
  'statements.confirm': {
    user: 'zwei',
    run: async (c, x) =>
      c.statements.confirm({ ...s(x, '102', PREV), fileName: 'auszug.xml', content: await statementOfB1(x), decisions: [{ index: 0, action: 'accept' }] }),
    expect: [
      {
        user: 'zwei',
        entity: 'bankStatement',
        action: 'created',
        dept: '102',
        year: PREV,
        rows: [
          { table: 'bank_statements', op: 'I', fields: { statement_id: { after: 'AUSZUG-06' }, file_name: { after: 'auszug.xml' } } },
          { table: 'bank_statement_entries', op: 'I', fields: { outcome: { after: 'booked' }, amount: { after: 12_345 } } },
          { table: 'movements', op: 'I', fields: { record_date: { after: `${PREV}-06-14` } } },
        ],
      },
    ],
    // the same statement again: recognised, refused
    refused: {
      run: async (c, x) => c.statements.confirm({ ...s(x, '102', PREV), content: await statementOfB1(x), decisions: [] }),
      error: 'StatementImported',
    },
  },
  'statements.deleteRule': {
    user: 'zwei',
    run: (c, x) => c.statements.deleteRule({ ...s(x, '102', PREV), id: x.ids.statementRule! }),
    expect: [
      {
        user: 'zwei',
        entity: 'statementRule',
        action: 'deleted',
        dept: '102',
        year: PREV,
        rows: [{ table: 'statement_rules', op: 'D', fields: { text: { before: 'Spende Huber' } } }],
      },
    ],
    refused: { run: (c, x) => c.statements.deleteRule({ ...s(x, '102', PREV), id: 999_999 }), error: 'NotFound' },
  },
  'reservations.save': {
    user: 'zwei',
    run: (c, x) =>
      c.reservations.save({
        ...s(x, '102', PREV),
        recordDate: `${PREV}-04-01`,
        chapterYear: PREV,
        chapter: '21006',
        amountBooked: 40_000,
        amountUsed: 0,
        note: 'Helme',
      }),
    after: (a, x) => (x.ids.reservation = answerOf<{ recordNumber: number }>(a).recordNumber),
    expect: [
      {
        user: 'zwei',
        entity: 'reservation',
        action: 'created',
        dept: '102',
        year: PREV,
        recordNumber: (x) => x.ids.reservation!,
        rows: [{ table: 'reservations', op: 'I', fields: { amount_booked: { after: 40_000 }, note: { after: 'Helme' } } }],
      },
    ],
    refused: {
      run: (c, x) =>
        c.reservations.save({
          ...s(x, '102', PREV),
          recordDate: `${PREV}-04-01`,
          chapterYear: PREV,
          chapter: '21006',
          amountBooked: 40_000,
          amountUsed: 50_000,
        }),
      error: 'InvalidValue',
    },
  },
  'reservations.delete': {
    user: 'zwei',
    run: (c, x) => c.reservations.delete({ ...s(x, '102', PREV), recordNumber: x.ids.reservation! }),
    expect: [
      {
        user: 'zwei',
        entity: 'reservation',
        action: 'deleted',
        dept: '102',
        year: PREV,
        recordNumber: (x) => x.ids.reservation!,
        rows: [{ table: 'reservations', op: 'D', fields: { amount_booked: { before: 40_000 } } }],
      },
    ],
    refused: { run: (c, x) => c.reservations.delete({ ...s(x, '102', PREV), recordNumber: x.ids.reservation! }), error: 'RecordNotFound' },
  },
  'accountTransfers.save': {
    user: 'zwei',
    run: async (c, x) =>
      c.accountTransfers.save({
        ...s(x, '102', PREV),
        recordDate: `${PREV}-07-01`,
        accountIdFrom: await x.account('102', 'K1'),
        accountIdTo: await x.account('102', 'B1'),
        amount: 4_000,
        note: 'Bargeld',
      }),
    after: (a, x) => (x.ids.transfer = answerOf<{ recordNumber: number }>(a).recordNumber),
    expect: [
      {
        user: 'zwei',
        entity: 'accountTransfer',
        action: 'created',
        dept: '102',
        year: PREV,
        recordNumber: (x) => x.ids.transfer!,
        rows: [{ table: 'account_transfers', op: 'I', fields: { amount: { after: 4_000 }, note: { after: 'Bargeld' } } }],
      },
    ],
    refused: {
      run: async (c, x) =>
        c.accountTransfers.save({
          ...s(x, '102', PREV),
          recordDate: `${PREV}-07-01`,
          accountIdFrom: await x.account('102', 'K1'),
          accountIdTo: await x.account('102', 'K1'),
          amount: 4_000,
        }),
      error: 'InvalidValue',
    },
  },
  'accountTransfers.delete': {
    user: 'zwei',
    run: (c, x) => c.accountTransfers.delete({ ...s(x, '102', PREV), recordNumber: x.ids.transfer! }),
    expect: [
      {
        user: 'zwei',
        entity: 'accountTransfer',
        action: 'deleted',
        dept: '102',
        year: PREV,
        recordNumber: (x) => x.ids.transfer!,
        rows: [{ table: 'account_transfers', op: 'D', fields: { amount: { before: 4_000 } } }],
      },
    ],
    refused: { run: (c, x) => c.accountTransfers.delete({ ...s(x, '102', PREV), recordNumber: x.ids.transfer! }), error: 'RecordNotFound' },
  },
  'accountBalances.save': {
    user: 'zwei',
    run: async (c, x) => c.accountBalances.save({ ...s(x, '102', PREV), accounts: [{ accountId: await x.account('102', 'K1'), initialBalance: 123_456 }] }),
    expect: [
      {
        user: 'zwei',
        entity: 'accountBalance',
        action: 'changed',
        dept: '102',
        year: PREV,
        rows: [{ table: 'account_balances', op: 'U', fields: { initial_balance: { before: 20_000, after: 123_456 } } }],
      },
    ],
    refused: {
      run: async (c, x) => c.accountBalances.save({ ...s(x, '102', Y), accounts: [{ accountId: await x.account('102', 'K1'), initialBalance: 1 }] }),
      error: 'BalanceNotEditable',
    },
  },

  // ---- payment orders and payments by hand of 102 in PREV, while it was the running year ------------------------
  'payments.export': {
    user: 'zwei',
    now: JUNE_PREV,
    prepare: openBill,
    run: async (c, x) => c.payments.export(await order(x, [x.ids.p1!])),
    // an export of a new order stores nothing (the store does): the row says a bank file was made, with the order's number
    expect: [
      {
        user: 'zwei',
        entity: 'paymentOrder',
        action: 'exported',
        dept: '102',
        year: PREV,
        recordNumber: (_x, a) => answerOf<{ orderNumber: number }>(a).orderNumber,
        rows: [],
      },
    ],
    refused: { run: async (c, x) => c.payments.export(await order(x, [x.ids.p1!], { filename: ' ' })), error: 'InvalidValue' },
  },
  'payments.store': {
    user: 'zwei',
    now: JUNE_PREV,
    run: async (c, x) => c.payments.store(await order(x, [x.ids.p1!])),
    after: (a, x) => Object.assign(x.ids, { order: idOf(a), orderNumber: answerOf<{ orderNumber: number }>(a).orderNumber }),
    expect: [
      {
        user: 'zwei',
        entity: 'paymentOrder',
        action: 'stored',
        dept: '102',
        year: PREV,
        recordNumber: (x) => x.ids.orderNumber!,
        rows: [{ table: 'payment_orders', op: 'I', fields: { payment_date: { after: `${PREV}-06-23` } } }],
      },
    ],
    refused: { run: async (c, x) => c.payments.store(await order(x, [x.ids.p1!])), error: 'PaymentInOrder' },
  },
  'payments.register': {
    user: 'zwei',
    now: JUNE_PREV,
    run: (c, x) =>
      c.payments.register({
        ...s(x, '102', PREV),
        orderId: x.ids.order!,
        datePaid: `${PREV}-06-20`,
        payments: [{ paymentId: x.ids.p1!, movementId: x.ids.bill! }],
      }),
    expect: [
      {
        user: 'zwei',
        entity: 'paymentOrder',
        action: 'registered',
        dept: '102',
        year: PREV,
        recordNumber: (x) => x.ids.orderNumber!,
        rows: [{ table: 'movement_payments', op: 'U', fields: { date_paid: { before: null, after: `${PREV}-06-20` } } }],
      },
    ],
    refused: {
      run: (c, x) => c.payments.register({ ...s(x, '102', PREV), orderId: x.ids.order!, datePaid: `${PREV}-06-20`, payments: [] }),
      error: 'OrderRegistered',
    },
  },
  'payments.returned': {
    user: 'zwei',
    now: JUNE_PREV,
    run: (c, x) => c.payments.returned({ ...s(x, '102', PREV), orderId: x.ids.order!, paymentId: x.ids.p1!, returnedOn: `${PREV}-06-20` }),
    expect: [
      {
        user: 'zwei',
        entity: 'paymentOrder',
        action: 'returned',
        dept: '102',
        year: PREV,
        recordNumber: (x) => x.ids.orderNumber!,
        rows: [{ table: 'movement_payments', op: 'U', fields: { date_paid: { before: `${PREV}-06-20`, after: null } } }],
      },
    ],
    refused: {
      run: (c, x) => c.payments.returned({ ...s(x, '102', PREV), orderId: x.ids.order!, paymentId: x.ids.p1!, returnedOn: `${PREV}-06-20` }),
      error: 'InvalidValue',
    },
  },
  'payments.cancel': {
    user: 'zwei',
    now: JUNE_PREV,
    prepare: async (c, x) => {
      const stored = answerOf<{ id: number; orderNumber: number }>(await c.payments.store(await order(x, [x.ids.p2!])));
      Object.assign(x.ids, { order2: stored.id, order2Number: stored.orderNumber });
    },
    run: (c, x) => c.payments.cancel({ ...s(x, '102', PREV), orderId: x.ids.order2! }),
    expect: [
      {
        user: 'zwei',
        entity: 'paymentOrder',
        action: 'cancelled',
        dept: '102',
        year: PREV,
        recordNumber: (x) => x.ids.order2Number!,
        rows: (x): RowExpectation[] => [{ table: 'payment_order_items', op: 'D', fields: { payment_id: { before: x.ids.p2 } } }],
      },
    ],
    refused: { run: (c, x) => c.payments.cancel({ ...s(x, '102', PREV), orderId: x.ids.order2! }), error: 'OrderNotFound' },
  },
  'payments.settle': {
    user: 'zwei',
    now: JUNE_PREV,
    run: async (c, x) =>
      c.payments.settle({
        ...s(x, '102', PREV),
        movementId: x.ids.bill!,
        paymentId: x.ids.p3!,
        datePaid: `${PREV}-06-20`,
        accountId: await x.account('102', 'K1'),
        note: 'bar bezahlt',
      }),
    expect: [
      {
        user: 'zwei',
        entity: 'paymentOrder',
        action: 'settled',
        dept: '102',
        year: PREV,
        recordNumber: (x) => x.ids.billRecord!,
        rows: [
          { table: 'movement_payments', op: 'U', fields: { date_paid: { before: null, after: `${PREV}-06-20` }, note: { before: '', after: 'bar bezahlt' } } },
        ],
      },
    ],
    refused: {
      run: (c, x) => c.payments.settle({ ...s(x, '102', PREV), movementId: x.ids.bill!, paymentId: x.ids.p2!, datePaid: `${PREV}-04-30` }),
      error: 'InvalidDate',
    },
  },
  'payments.reopen': {
    user: 'zwei',
    now: JUNE_PREV,
    run: (c, x) => c.payments.reopen({ ...s(x, '102', PREV), movementId: x.ids.bill!, paymentId: x.ids.p3! }),
    expect: [
      {
        user: 'zwei',
        entity: 'paymentOrder',
        action: 'reopened',
        dept: '102',
        year: PREV,
        recordNumber: (x) => x.ids.billRecord!,
        rows: [{ table: 'movement_payments', op: 'U', fields: { date_paid: { before: `${PREV}-06-20`, after: null } } }],
      },
    ],
    refused: { run: (c, x) => c.payments.reopen({ ...s(x, '102', PREV), movementId: x.ids.bill!, paymentId: x.ids.p3! }), error: 'InvalidValue' },
  },

  // ---- manual residues of 102 in its first year PREV -----------------------------------------------------------
  'residues.manualSave': {
    user: 'zwei',
    run: (c, x) => c.residues.manualSave({ ...s(x, '102', PREV), chapterYear: PREV - 1, chapter: '2-1-003', amount: 80_000, note: 'Altbestand' }),
    after: (a, x) => (x.ids.residue = idOf(a)),
    expect: [
      {
        user: 'zwei',
        entity: 'residue',
        action: 'created',
        dept: '102',
        year: PREV,
        rows: [{ table: 'chapter_budgets', op: 'I', fields: { budget_initial: { after: 80_000 } } }],
      },
    ],
    refused: { run: (c, x) => c.residues.manualSave({ ...s(x, '102', PREV), chapterYear: PREV - 1, chapter: '29999', amount: 100 }), error: 'ChapterNotFound' },
  },
  'residues.manualDelete': {
    user: 'zwei',
    run: (c, x) => c.residues.manualDelete({ ...s(x, '102', PREV), id: x.ids.residue! }),
    expect: [
      {
        user: 'zwei',
        entity: 'residue',
        action: 'deleted',
        dept: '102',
        year: PREV,
        rows: [{ table: 'chapter_budgets', op: 'D', fields: { budget_initial: { before: 80_000 } } }],
      },
    ],
    refused: { run: (c, x) => c.residues.manualDelete({ ...s(x, '102', PREV), id: x.ids.residue! }), error: 'ResiduelNotFound' },
  },

  // ---- the year end of 201's Y in January of NEXT: determination, carry-over, final account ----------------------
  'residues.saveFinal': {
    user: 'zwei',
    now: JAN_NEXT,
    prepare: async (c, x) => {
      const final = await c.residues.final({ ...s(x, '201', Y), source: 1 });
      x.ids.line21003 = final.positions.find((p) => p.chapter.chapter === '21003')!.budget.budgetId;
      x.ids.line11001 = final.positions.find((p) => p.chapter.chapter === '11001')!.budget.budgetId;
    },
    run: (c, x) =>
      c.residues.saveFinal({
        ...s(x, '201', Y),
        budgetType: 1,
        positions: [
          { budgetId: x.ids.line11001!, amount: 0 },
          { budgetId: x.ids.line21003!, amount: 5_000 },
        ],
      }),
    expect: [
      {
        user: 'zwei',
        entity: 'residue',
        action: 'changed',
        dept: '201',
        year: Y,
        rows: [{ table: 'chapter_budgets', op: 'U', fields: { final_residue: { before: null, after: 5_000 } } }],
      },
    ],
    refused: {
      run: (c, x) => c.residues.saveFinal({ ...s(x, '201', Y), budgetType: 1, positions: [{ budgetId: x.ids.line21003!, amount: 99_000_000 }] }),
      error: 'InvalidValue',
    },
  },
  'residues.carryOver': {
    user: 'zwei',
    now: JAN_NEXT,
    run: (c, x) => c.residues.carryOver(s(x, '201', NEXT)),
    expect: [
      {
        user: 'zwei',
        entity: 'residue',
        action: 'carriedOver',
        dept: '201',
        year: NEXT,
        rows: [{ table: 'chapter_budgets', op: 'I', fields: { year: { after: NEXT }, chapter_year: { after: Y }, budget_initial: { after: 5_000 } } }],
      },
    ],
    refused: { run: (c, x) => c.residues.carryOver(s(x, '201', Y)), error: 'UndeterminedResidues' },
  },
  'finalBalance.approve': {
    user: 'zwei',
    now: JAN_NEXT,
    run: (c, x) => c.finalBalance.approve({ ...s(x, '201', Y), approval: `${NEXT}-01-15` }),
    expect: [
      {
        user: 'zwei',
        entity: 'finalBalance',
        action: 'approved',
        dept: '201',
        year: Y,
        rows: [{ table: 'budget_heads', op: 'U', fields: { final_approved: { before: null, after: `${NEXT}-01-15` } } }],
      },
    ],
    refused: { run: (c, x) => c.finalBalance.approve({ ...s(x, '201', Y), approval: `${NEXT}-01-16` }), error: 'BudgetClosed' },
  },

  // ---- signing in and out, passwords: recorded by the auth service ------------------------------------------------
  'auth.login': {
    user: 'anonymous',
    run: (c) => c.auth.login({ username: 'kassier', password: 'demo', remember: false }),
    expect: [{ user: 'kassier', entity: 'session', action: 'signedIn', dept: null, year: null, rows: [] }],
    refused: {
      run: (c) => c.auth.login({ username: 'kassier', password: 'falsch1', remember: false }),
      error: 'WrongCredentials',
      records: [{ user: 'kassier', entity: 'session', action: 'signInFailed', dept: null, year: null }],
    },
  },
  'auth.logout': {
    user: 'kassier',
    run: (c) => c.auth.logout(),
    expect: [{ user: 'kassier', entity: 'session', action: 'signedOut', dept: null, year: null, rows: [] }],
    refused: { user: 'anonymous', run: (c) => c.auth.logout(), error: 'NotAuthenticated' },
  },
  'auth.changePassword': {
    user: 'anonymous',
    run: (c) => c.auth.changePassword({ username: 'revisor', password: 'demo', newPassword: 'demo-2', newPasswordRepeat: 'demo-2' }),
    expect: [{ user: 'revisor', entity: 'user', action: 'passwordChanged', dept: null, year: null, rows: [] }],
    refused: {
      run: (c) => c.auth.changePassword({ username: 'revisor', password: 'demo-2', newPassword: 'demo-3', newPasswordRepeat: 'demo-4' }),
      error: 'PasswordRepeatWrong',
    },
  },
  'auth.changePasswordAndLogin': {
    user: 'anonymous',
    run: (c) => c.auth.changePasswordAndLogin({ username: 'revisor', password: 'demo-2', newPassword: 'demo', newPasswordRepeat: 'demo', remember: false }),
    expect: [
      { user: 'revisor', entity: 'user', action: 'passwordChanged', dept: null, year: null, rows: [] },
      { user: 'revisor', entity: 'session', action: 'signedIn', dept: null, year: null, rows: [], procedure: 'auth.login' },
    ],
    refused: {
      run: (c) => c.auth.changePasswordAndLogin({ username: 'revisor', password: 'demo', newPassword: 'demo-3', newPasswordRepeat: 'demo-4', remember: false }),
      error: 'PasswordRepeatWrong',
    },
  },
  'auth.setLanguage': {
    user: 'zwei',
    run: (c) => c.auth.setLanguage({ language: 'it' }),
    // not audited (actions.ts): the user's own interface language
    expect: null,
    refused: { user: 'anonymous', run: (c) => c.auth.setLanguage({ language: 'de' }), error: 'NotAuthenticated' },
  },

  // ---- the first setup of an installation without departments (its own, empty database) --------------------------
  'system.setup': {
    database: 'empty',
    user: 'supervisor',
    run: (c) => c.system.setup({ name1Deu: 'Landesfeuerwehrverband', name2Deu: 'Südtirol', name1Ita: 'Unione provinciale', name2Ita: 'Alto Adige', year: Y }),
    expect: [
      {
        user: 'chef',
        entity: 'system',
        action: 'setUp',
        dept: null,
        year: Y,
        rows: [
          { table: 'departments', op: 'I', fields: { code: { after: '000' }, name2_deu: { after: 'Südtirol' } } },
          { table: 'financial_years', op: 'I', fields: { year: { after: Y } } },
        ],
      },
    ],
    refused: {
      run: (c) => c.system.setup({ name1Deu: 'Zweiter', name2Deu: 'Verband', name1Ita: 'Seconda', name2Ita: 'Unione', year: Y }),
      error: 'DepartmentExists',
    },
  },
};

/** The business code of a refusal (a TRPCError with the app's code, or the tRPC code). */
function errorCode(error: unknown): string {
  if (error instanceof TRPCError) return safeErrorInfo(error)?.code ?? error.code;
  return `not a TRPCError: ${String((error as Error)?.message ?? error)}`;
}

/** Runs the scenarios of one database in table order. */
function runScenarios(get: () => DbHandle, database: 'demo' | 'empty') {
  const ids: Ids = {};
  const departmentIds = new Map<string, number>();
  const callers = new Map<string, Caller>();
  let ipCount = 0;
  let countSql = '';

  const x: Env = {
    get,
    ids,
    dept: (code) => {
      const id = departmentIds.get(code);
      if (!id) throw new Error(`no department ${code}`);
      return id;
    },
    account: (dept, code) => accountIdOf(get(), dept, code),
    as: async (user, now = JUNE) => {
      const key = `${user}@${now.toISOString()}`;
      const known = callers.get(key);
      if (known) return known;
      ipCount += 1;
      const ip = `10.28.${Math.floor(ipCount / 200)}.${ipCount % 200}`;
      let caller: Caller;
      if (user === 'anonymous') caller = createCaller(await createContextInner({ db: get().db, ip, now: () => now }));
      else {
        const username = database === 'empty' ? 'chef' : user;
        const password = database === 'empty' ? 'Anfang2' : 'demo';
        const login = await createCaller(await createContextInner({ db: get().db, ip, now: () => now })).auth.login({ username, password, remember: false });
        caller = createCaller(await createContextInner({ db: get().db, token: login.token, ip, now: () => now }));
      }
      callers.set(key, caller);
      return caller;
    },
  };

  async function lastAuditId(): Promise<number> {
    const [row] = await get()
      .db.select({ id: auditLog.id })
      .from(auditLog)
      .orderBy(sql`${auditLog.id} desc`)
      .limit(1);
    return row?.id ?? 0;
  }
  /** Every table's row count and what is left captured: a refused call must change none. */
  async function state(): Promise<string> {
    const rows = await execRows<{ t: string; n: string | number }>(get().db, sql.raw(countSql));
    return rows.map((r) => `${r.t}=${r.n}`).join(' ');
  }

  beforeAll(async () => {
    const tables = await execRows<{ table_name: string }>(
      get().db,
      sql.raw(
        `select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' and table_name not in ('sessions', 'login_throttle', 'idempotency_keys') and table_name not like '%drizzle%' order by table_name`,
      ),
    );
    countSql = tables.map((r) => `select '${r.table_name}' as t, count(*) as n from ${r.table_name}`).join(' union all ');
    if (database === 'empty') {
      const { prepareDatabase } = await import('@app/db/startup');
      await prepareDatabase(get(), { seedDemo: 'never', initialSupervisor: { username: 'chef', password: 'Anfang1' }, currentYear: Y });
      // the first sign-in sets a password of his own
      await createCaller(await createContextInner({ db: get().db, ip: '10.28.9.9', now: () => JUNE })).auth.changePasswordAndLogin({
        username: 'chef',
        password: 'Anfang1',
        newPassword: 'Anfang2',
        newPasswordRepeat: 'Anfang2',
        remember: false,
      });
    }
    for (const d of await execRows<{ id: number; code: string }>(get().db, sql.raw('select id, code from departments')))
      departmentIds.set(d.code, Number(d.id));
  });

  const paths = Object.keys(SCENARIOS).filter((p) => (SCENARIOS[p]!.database ?? 'demo') === database);
  for (const path of paths) {
    const t = SCENARIOS[path]!;
    it(`${path}: leaves its trail row with before/after; refused, it leaves none and changes nothing`, async () => {
      const c = await x.as(t.user, t.now);
      if (t.prepare) await t.prepare(c, x);
      const refusedCaller = await x.as(t.refused.user ?? t.user, t.refused.now ?? t.now);
      const from = await lastAuditId();
      const answer = await t.run(c, x);
      t.after?.(answer, x);
      const rows = await get().db.select().from(auditLog).where(gt(auditLog.id, from)).orderBy(asc(auditLog.id));
      if (t.expect === null) expect(rows, `${path} is not audited`).toEqual([]);
      else {
        expect(
          rows.map((r) => [r.userName, r.entity, r.action, r.procedure, r.departmentId, r.year]),
          `${path}: the trail rows`,
        ).toEqual(t.expect.map((e) => [e.user, e.entity, e.action, e.procedure ?? path, e.dept === null ? null : x.dept(e.dept), e.year]));
        t.expect.forEach((e, i) => {
          const row = rows[i]!;
          if (e.recordNumber !== undefined) {
            const n = typeof e.recordNumber === 'function' ? e.recordNumber(x, answer) : e.recordNumber;
            expect(row.recordNumber, `${path}: record number`).toBe(n);
          }
          const changed = ((row.changes as { rows?: Change[] } | null)?.rows ?? []) as Change[];
          const wanted = typeof e.rows === 'function' ? e.rows(x, answer) : e.rows;
          if (wanted.length === 0 && e.entity !== 'session' && e.entity !== 'user') expect(changed, `${path}: no database row changed`).toEqual([]);
          for (const w of wanted) {
            const match = changed.find(
              (r) => r.table === w.table && r.op === w.op && Object.entries(w.fields).every(([k, v]) => isDeepStrictEqual(r.fields[k], v)),
            );
            expect(match, `${path}: a ${w.op} of ${w.table} with ${JSON.stringify(w.fields)} among ${JSON.stringify(changed).slice(0, 1500)}`).toBeDefined();
          }
          expect(JSON.stringify(row.changes ?? null), `${path}: no secret in the trail`).not.toMatch(/password_hash|argon2|"password"|demo-2|geheim1/);
        });
      }
      // everything the call changed was taken into its row: nothing is left captured
      expect(await execRows(get().db, sql.raw('select tbl, op from audit_pending')), `${path}: rows left captured`).toEqual([]);

      // refused: no trail row (but the failed sign-in the auth service records), nothing changed
      const before = await state();
      const fromRefused = await lastAuditId();
      const error = await t.refused.run(refusedCaller, x).then(
        () => null,
        (e: unknown) => e,
      );
      expect(error === null ? 'answered' : errorCode(error), `${path}: the refusal`).toBe(t.refused.error);
      const refusedRows = await get().db.select().from(auditLog).where(gt(auditLog.id, fromRefused)).orderBy(asc(auditLog.id));
      expect(
        refusedRows.map((r) => [r.userName, r.entity, r.action]),
        `${path}: the refused call's trail rows`,
      ).toEqual((t.refused.records ?? []).map((e) => [e.user, e.entity, e.action]));
      if (!t.refused.records) expect(await state(), `${path}: the refused call changed nothing`).toBe(before);
      expect(await execRows(get().db, sql.raw('select tbl, op from audit_pending')), `${path}: refused rows left captured`).toEqual([]);

      // answered, but nothing written: no trail row either
      for (const [i, unchanged] of (t.answeredUnchanged ?? []).entries()) {
        const from = await lastAuditId();
        const state0 = await state();
        await unchanged(c, x);
        const left = await get().db.select().from(auditLog).where(gt(auditLog.id, from));
        expect(
          left.map((r) => [r.action, r.changes]),
          `${path}: answered-unchanged call ${i}`,
        ).toEqual([]);
        expect(await state(), `${path}: answered-unchanged call ${i} changed nothing`).toBe(state0);
      }
    });
  }

  it('the chains verify after all of it', async () => {
    expect((await verifyAuditChains(get().db)).broken).toEqual([]);
  });
}

it('every mutation of the router has a scenario, and every scenario names a mutation', () => {
  const mutations = routerProcedures()
    .filter((p) => p.type === 'mutation')
    .map((p) => p.path);
  expect(mutations.length).toBeGreaterThan(70);
  expect(
    mutations.filter((p) => !(p in SCENARIOS)),
    'mutations without a scenario',
  ).toEqual([]);
  expect(
    Object.keys(SCENARIOS).filter((p) => !mutations.includes(p)),
    'scenarios of no mutation',
  ).toEqual([]);
  // the not audited ones are the ones actions.ts says so
  expect(Object.keys(SCENARIOS).filter((p) => SCENARIOS[p]!.expect === null)).toEqual(Object.keys(AUDIT_RULES).filter((p) => 'notAudited' in AUDIT_RULES[p]!));
});

describeOnDatabases('every write leaves its trail row, a refused one none (demo data)', (get) => runScenarios(get, 'demo'), { pglite: 'both' });
describeOnDatabases('every write leaves its trail row, a refused one none (an empty installation)', (get) => runScenarios(get, 'empty'), {
  pglite: 'both',
  seed: false,
});
