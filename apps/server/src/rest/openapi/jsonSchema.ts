import { isMoneySchema } from '@app/domain';
import { z } from 'zod';

/** A JSON Schema (draft 2020-12, the dialect of OpenAPI 3.1) as plain data. */
export type JsonSchema = Record<string, unknown>;

const ISO_DATE_PATTERN = '^\\d{4}-\\d{2}-\\d{2}$';

/** The wire format of an amount: euros as a JSON number with at most two decimals (money.ts converts). */
export const EUROS_SCHEMA: JsonSchema = {
  type: 'number',
  multipleOf: 0.01,
  description: 'Amount in euros, at most two decimals (e.g. 1234.5 is 1.234,50 €).',
  examples: [1234.5],
};

function replace(target: JsonSchema, by: JsonSchema): void {
  for (const key of Object.keys(target)) delete target[key];
  Object.assign(target, by);
}

/**
 * A procedure schema as the REST wire sees it: amounts (the domain's `Cents`, marked as money) as
 * euros with two decimals, ISO dates with `format: date`, what JSON can't say (a transform) as any
 * value. `io` picks the side of a pipe: `input` for a request, `output` for an answer.
 */
export function wireSchema(schema: z.core.$ZodType, io: 'input' | 'output', id: string): JsonSchema {
  const json = z.toJSONSchema(schema, {
    io,
    target: 'draft-2020-12',
    unrepresentable: 'any',
    cycles: 'ref',
    reused: 'inline',
    override: (ctx) => {
      const out = ctx.jsonSchema as JsonSchema;
      if (isMoneySchema(ctx.zodSchema)) {
        const { description: _d, money: _m, type: _t, minimum, maximum, ...rest } = out;
        replace(out, {
          ...rest,
          ...EUROS_SCHEMA,
          ...(typeof minimum === 'number' ? { minimum: minimum / 100 } : {}),
          ...(typeof maximum === 'number' ? { maximum: maximum / 100 } : {}),
        });
        return;
      }
      delete out.money;
      const patterns = [out.pattern, ...((out.allOf as JsonSchema[] | undefined) ?? []).map((s) => s.pattern)];
      if (out.type === 'string' && patterns.includes(ISO_DATE_PATTERN)) {
        out.format = 'date';
        out.description ??= 'Date as YYYY-MM-DD.';
      }
    },
  }) as JsonSchema;
  delete json.$schema;
  // a recursive schema refers to its own $defs: it becomes a schema resource of its own
  if (json.$defs) json.$id = `urn:feuerwehr-api:${id}`;
  return json;
}

/** The fields of several object schemas (a procedure's chained inputs) as one object schema. */
export function mergeObjects(schemas: JsonSchema[]): JsonSchema {
  if (schemas.length === 1) return schemas[0] as JsonSchema;
  const properties: Record<string, JsonSchema> = {};
  const required = new Set<string>();
  for (const s of schemas) {
    if (s.type !== 'object') return { allOf: schemas };
    Object.assign(properties, s.properties ?? {});
    for (const r of (s.required as string[] | undefined) ?? []) required.add(r);
  }
  return { type: 'object', properties, ...(required.size > 0 ? { required: [...required] } : {}) };
}
