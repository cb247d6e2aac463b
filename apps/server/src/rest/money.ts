import { appRouter } from '@app/api';
import { AppError, centsToEuros, exactEurosToCents, isMoneySchema } from '@app/domain';
import { z } from 'zod';

/**
 * Money on the wire by schema: amounts are integer cents inside (every procedure takes and answers
 * cents) and euros on the REST wire. Which values are amounts is read from the procedure's input and
 * output schemas (fields whose schema is the domain's `Cents`, marked as money), never from field
 * names: `moneyCaller` wraps the tRPC caller of a REST request so that every procedure call converts
 * its input from euros to cents and its answer from cents to euros.
 */

type Schema = z.core.$ZodType;
type Direction = 'in' | 'out';

interface Walk {
  direction: Direction;
  /** Paths already converted (a procedure's chained inputs may describe a field twice). */
  done: Set<string>;
}

/** Deepest path the walk follows (only a recursive schema gets there); deeper input is refused. */
const MAX_DEPTH = 64;

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** One amount: euros to cents (refused with InvalidValue naming the field unless exact) or cents to euros. */
function convert(value: unknown, path: string[], w: Walk): unknown {
  if (typeof value !== 'number') return value; // not a number: the schema refuses it with the field
  const key = path.join('.');
  if (w.done.has(key)) return value;
  w.done.add(key);
  if (w.direction === 'out') return centsToEuros(value);
  const cents = exactEurosToCents(value);
  if (cents === null) throw new AppError('InvalidValue', { field: key });
  return cents;
}

/** The option of a union the value belongs to (after converting it, for an input), converted. */
function walkUnion(options: readonly Schema[], value: unknown, path: string[], w: Walk): unknown {
  let refused: unknown;
  for (const option of options) {
    const trial: Walk = { ...w, done: new Set(w.done) };
    try {
      if (w.direction === 'out' && !z.safeParse(option, value).success) continue;
      const converted = walk(option, value, path, trial);
      if (w.direction === 'in' && !z.safeParse(option, converted).success) continue;
      for (const key of trial.done) w.done.add(key);
      return converted;
    } catch (error) {
      refused ??= error;
    }
  }
  if (refused !== undefined) throw refused;
  return value; // no option fits: the procedure's validation answers
}

const holdsMoneyMemo = new WeakMap<Schema, boolean>();

/**
 * Whether any amount can sit in a value of the schema (the schema or one it contains is money), remembered per
 * schema: the walk skips the rest (a journal's 1,300 rows walk their two amounts, not their 25 fields). A lazy
 * (recursive) schema counts as holding money, so its walk and depth limit stay as they are.
 */
function holdsMoney(schema: Schema): boolean {
  const known = holdsMoneyMemo.get(schema);
  if (known !== undefined) return known;
  holdsMoneyMemo.set(schema, true); // a cycle back to this schema: assume money until known
  const def = schema._zod.def as z.core.$ZodTypeDef & Record<string, unknown>;
  const inner = (key: string) => (def[key] ? [def[key] as Schema] : []);
  let parts: Schema[];
  switch (def.type) {
    case 'lazy':
      holdsMoneyMemo.set(schema, true);
      return true;
    case 'object':
      parts = [...Object.values(def.shape as Record<string, Schema>), ...inner('catchall')];
      break;
    case 'record':
      parts = inner('valueType');
      break;
    case 'array':
      parts = inner('element');
      break;
    case 'tuple':
      parts = [...(def.items as Schema[]), ...inner('rest')];
      break;
    case 'intersection':
      parts = [...inner('left'), ...inner('right')];
      break;
    case 'union':
      parts = def.options as Schema[];
      break;
    case 'pipe':
      parts = [...inner('in'), ...inner('out')];
      break;
    default:
      parts = inner('innerType');
  }
  const result = isMoneySchema(schema) || parts.some(holdsMoney);
  holdsMoneyMemo.set(schema, result);
  return result;
}

function walk(schema: Schema, value: unknown, path: string[], w: Walk): unknown {
  if (isMoneySchema(schema)) return convert(value, path, w);
  if (!holdsMoney(schema)) return value;
  if (path.length > MAX_DEPTH) {
    if (w.direction === 'in') throw new AppError('InvalidValue', { field: path.slice(0, 2).join('.') });
    return value;
  }
  const def = schema._zod.def as z.core.$ZodTypeDef & Record<string, unknown>;
  switch (def.type) {
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'nonoptional':
    case 'readonly':
    case 'catch':
      return walk(def.innerType as Schema, value, path, w);
    case 'lazy':
      return walk((def.getter as () => Schema)(), value, path, w);
    case 'pipe': {
      // the side that describes the value: the input side for a body, the output side for an answer
      const [near, far] = (w.direction === 'in' ? [def.in, def.out] : [def.out, def.in]) as [Schema, Schema];
      return walk(near._zod.def.type === 'transform' ? far : near, value, path, w);
    }
    case 'object': {
      if (!isPlainObject(value)) return value;
      const shape = def.shape as Record<string, Schema>;
      const catchall = def.catchall as Schema | undefined;
      const out: Record<string, unknown> = { ...value };
      for (const key of Object.keys(value)) {
        const field = Object.hasOwn(shape, key) ? shape[key] : catchall;
        if (field) out[key] = walk(field, value[key], [...path, key], w);
      }
      return out;
    }
    case 'record': {
      if (!isPlainObject(value)) return value;
      const values = def.valueType as Schema;
      return Object.fromEntries(Object.entries(value).map(([key, v]) => [key, walk(values, v, [...path, key], w)]));
    }
    case 'array':
      return Array.isArray(value) ? value.map((v, i) => walk(def.element as Schema, v, [...path, String(i)], w)) : value;
    case 'tuple': {
      if (!Array.isArray(value)) return value;
      const items = def.items as Schema[];
      const rest = def.rest as Schema | null;
      return value.map((v, i) => {
        const item = items[i] ?? rest;
        return item ? walk(item, v, [...path, String(i)], w) : v;
      });
    }
    case 'intersection':
      return walk(def.right as Schema, walk(def.left as Schema, value, path, w), path, w);
    case 'union':
      return walkUnion(def.options as Schema[], value, path, w);
    default:
      return value;
  }
}

/**
 * A procedure input as the REST client sent it (amounts in euros) to the procedure's (cents). Every
 * money field must be an exact amount: more than two decimals, an infinity or beyond ±MAX_EUROS is
 * refused with InvalidValue naming the field; anything else passes to the procedure's validation.
 */
export function moneyIn(schemas: readonly Schema[], value: unknown): unknown {
  const w: Walk = { direction: 'in', done: new Set() };
  return schemas.reduce((v, schema) => walk(schema, v, [], w), value);
}

/** A procedure answer (amounts in cents) as the REST client gets it (euros). */
export function moneyOut(schema: Schema | undefined, value: unknown): unknown {
  return schema ? walk(schema, value, [], { direction: 'out', done: new Set() }) : value;
}

interface ProcedureSchemas {
  _def: { inputs: Schema[]; output?: Schema };
}

/** The input and output schemas of a procedure by its dotted path. */
function procedureAt(path: string): ProcedureSchemas | undefined {
  const procedures = appRouter._def.procedures as unknown as Record<string, ProcedureSchemas | undefined>;
  return Object.hasOwn(procedures, path) ? procedures[path] : undefined;
}

/** The output schema of a procedure by its dotted path (undefined: none or no such procedure). */
export function procedureOutput(path: string): Schema | undefined {
  return procedureAt(path)?._def.output;
}

/**
 * The caller of one REST request with euros on the wire: `c.budget.chapters(input)` converts the
 * amounts of `input` from euros to cents by the procedure's input schemas and those of the answer
 * from cents to euros by its output schema. Everything else of the caller is unchanged.
 */
/** The euro form of each answer object (weakly held: gone with the answer). */
const convertedAnswers = new WeakMap<object, unknown>();

export function moneyCaller<T extends object>(caller: T): T {
  const at = (path: string[]): unknown =>
    new Proxy(() => undefined, {
      get: (_target, key) => (typeof key === 'string' && key !== 'then' ? at([...path, key]) : undefined),
      apply: async (_target, _this, args: unknown[]) => {
        const procedure = procedureAt(path.join('.'));
        let fn: unknown = caller;
        for (const key of path) fn = (fn as Record<string, unknown>)[key];
        const [input, ...rest] = args;
        const answer = await (fn as (...a: unknown[]) => Promise<unknown>)(procedure ? moneyIn(procedure._def.inputs, input) : input, ...rest);
        if (!procedure) return answer;
        // an answer the read cache served (packages/api readCache.ts) is the same object each time: converted once
        if (answer === null || typeof answer !== 'object') return moneyOut(procedure._def.output, answer);
        let converted = convertedAnswers.get(answer);
        if (converted === undefined) convertedAnswers.set(answer, (converted = moneyOut(procedure._def.output, answer)));
        return converted;
      },
    });
  return at([]) as T;
}
