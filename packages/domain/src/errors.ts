/**
 * The closed set of business error codes (spec 1 §8, spec 2 §8, spec 3 §8). The server throws them
 * (TRPCError with the code in `cause`), the REST adapter sends them as `details.Message`, the client
 * translates them. The HTTP status is the one the REST adapter answers with.
 */
export const errorStatus = {
  // platform
  NotAuthenticated: 401,
  SessionExpired: 401,
  Forbidden: 403,
  DepartmentNotAllowed: 403,
  // a write by the auditor (issue 27), who reads and prints and writes nothing
  ReadOnlyAccess: 403,
  NotFound: 404,
  InvalidValue: 400,
  TooManyAttempts: 429,
  // the database can't be reached (connection lost, server restarting): try again shortly
  DatabaseUnavailable: 503,
  // an Idempotency-Key sent again with another request (issue 26): a key names one save
  IdempotencyKeyReused: 409,
  // requests the server can't read (REST): bad JSON, an unsupported content type, a body over the limit
  InvalidJson: 400,
  UnsupportedMediaType: 415,
  PayloadTooLarge: 413,
  // an address or headers over Node's 16 kB limit (answered before the app sees the request)
  HeadersTooLarge: 431,
  // sign-in
  WrongCredentials: 401,
  UserLocked: 401,
  UserExpired: 401,
  PasswordExpired: 401,
  PasswordSameAsOld: 400,
  PasswordRepeatWrong: 400,
  PasswordTooShort: 400,
  // years
  YearExists: 409,
  YearLocked: 409,
  // chart of accounts, users, templates
  ChartLocked: 409,
  ChapterNotFound: 404,
  NothingToCopy: 409,
  AlreadyLinked: 409,
  ChartItemExists: 409,
  // budget (later areas)
  BudgetNotBalanced: 409,
  BudgetClosed: 409,
  BudgetAlreadyApproved: 409,
  BudgetNotFound: 404,
  InvalidDate: 400,
  'DateAfter31.12': 400,
  // final account (DOMAIN decisions 12, 16): the approval date not after 31.10 of Y+1; approval only when every criterion passes
  'DateAfter31.10': 400,
  FinalBalanceHasErrors: 409,
  // clearing the approval of a final account that is not approved (issue 26: no `success` for nothing done)
  FinalBalanceNotApproved: 409,
  // Y's approval can't be cleared while Y+1's final account is approved (DOMAIN decision 26): Y+1 stands on Y's figures
  NextYearApproved: 409,
  AvailableExceeded: 409,
  BudgetNotApproved: 409,
  BudgetFinalNegative: 409,
  ChapterHasResidue: 409,
  BudgetInUse: 409,
  AdjustmentExists: 409,
  // bookings (spec 3 §8; chapterNotAvailable spelled as the spec's message)
  DocumentDateAfterRecordDate: 400,
  RecordNumberUsed: 409,
  RecordNotFound: 404,
  InvalidRecordNumber: 400,
  WrongPaymentTotal: 400,
  chapterNotAvailable: 409,
  // reservations: a reservation used by movement positions or typed as used can't be deleted (spec 3 §5)
  CannotDeleteUsed: 409,
  // accounts: initial balances only in the first year (DOMAIN decision 8); inactive only at a zero balance
  BalanceNotEditable: 409,
  AccountHasBalance: 409,
  // payments (DOMAIN decisions 6, 10, 11): an instalment in a stored order is frozen and never in a second order;
  // a registered order can't be registered again; the debtor needs its CBI CUC (domestic) and a valid IBAN
  PaymentInOrder: 409,
  OrderRegistered: 409,
  OrderNotFound: 404,
  NoValidIban: 400,
  CucMissing: 409,
  // after 31.12 of Y no new order of Y (issue 25): it could never be registered in Y (date paid in Y, not before its creation)
  OrderAfterYearEnd: 409,
  // residues (DOMAIN decisions 13-15): a final residue or residue line below what is reserved or used; carry-over needs
  // every line determined; an empty chapter's manual residue needs both names; a manual residue not found (spelled as the spec)
  SmallerThanExistingResidue: 409,
  UndeterminedResidues: 409,
  // a bank return in the year after its order's payment counts on the carried residue lines (DOMAIN decision 22)
  ResiduesNotCarried: 409,
  ChapterDescriptionNeeded: 400,
  ResiduelNotFound: 404,
  // base data
  UserExists: 409,
  DepartmentNeeded: 400,
  BudgetExists: 409,
  ChaptersExist: 409,
  RequestedEntitiesExist: 409,
  InUse: 409,
  DepartmentExists: 409,
  SupplierExists: 409,
  BankExists: 409,
  AccountExists: 409,
  CannotInactivate: 409,
  // receipts (issue 28): a file whose content is none of PDF, JPEG, PNG or an e-invoice (XML, signed P7M)
  DocumentType: 415,
  // bank statements (issue 28): not a camt.053/camt.054 statement (not XML, a DOCTYPE, another message or version);
  // its IBAN is no account of the department (the IBAN named); the same statement confirmed before (the stored one named)
  StatementFormat: 400,
  StatementAccount: 404,
  StatementImported: 409,
  // e-invoices (issue 28, DOMAIN decision 28): a file that is no XML, no signed envelope and no ZIP of them
  InvoiceNotXml: 415,
  // an XML that declares a DOCTYPE or entities (entity expansion, external entities): refused before it is parsed
  InvoiceUnsafe: 422,
  // an XML of another schema: its root is not FatturaElettronica of the FatturaPA 1.2 namespace
  InvoiceNotFatturaPA: 422,
  // not well-formed, or not valid against the FatturaPA schema: the message names the first problem
  InvoiceInvalid: 422,
  // a signed envelope (.p7m) that can't be opened or carries no content
  InvoiceSignature: 422,
  // the same supplier, document number and date booked already: params name the record
  InvoiceDuplicate: 409,
} as const;

export type ErrorCode = keyof typeof errorStatus;
export const errorCodes = Object.keys(errorStatus) as ErrorCode[];

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(errorStatus, value);
}

/** A business rule violation. `field` names the offending field for InvalidValue. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly field?: string;
  readonly params?: Record<string, string | number>;
  constructor(code: ErrorCode, options: { field?: string; message?: string; params?: Record<string, string | number> } = {}) {
    super(options.message ?? code);
    this.name = 'AppError';
    this.code = code;
    if (options.field !== undefined) this.field = options.field;
    if (options.params !== undefined) this.params = options.params;
  }
  get status(): number {
    return errorStatus[this.code];
  }
}

/**
 * The error params that are amounts (integer cents, as every amount inside): the bounds of a final
 * residue (`minimum`, `maximum`), what the next year or a carried line already uses (`used`, `residue`,
 * `remaining`, `amountUsed`, `usedByPositions`) and a typed `amount`. The REST adapter sends them in euros like every
 * other amount on its wire; the typed client (tRPC) keeps cents. A param holding an amount is named
 * here, so a new one is converted as well.
 */
export const MONEY_ERROR_PARAMS: ReadonlySet<string> = new Set([
  'minimum',
  'maximum',
  'used',
  'residue',
  'remaining',
  'amountUsed',
  'usedByPositions',
  'amount',
]);

/**
 * The error params that are lists of amounts (comma-separated integer cents, one per named chapter):
 * by how much each line of an AvailableExceeded goes past its availability (`excess`, in the order
 * of `chapter`). The REST adapter sends each in euros, like MONEY_ERROR_PARAMS.
 */
export const MONEY_LIST_ERROR_PARAMS: ReadonlySet<string> = new Set(['excess']);
