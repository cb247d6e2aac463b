/**
 * Form validation with the domain zod schemas (the same schemas the server checks, so every limit
 * lives in one place). `formErrors` turns a schema's issues into @mantine/form errors keyed by path
 * (`name1Deu`, `bankInfo.iban`, `commander.email`); the texts come from `issueText`, translated by
 * the caller (see fieldMessages.ts). Pure: unit-tested without React.
 */
import type { z } from 'zod';

/** What kind of problem a field has, independent of the language. */
export type FieldProblem = { kind: 'required' } | { kind: 'tooLong'; max: number } | { kind: 'tooShort'; min: number } | { kind: 'invalid' };

/** The value at a dotted path of an object (`bankInfo.iban`). */
export function valueAt(values: unknown, path: readonly PropertyKey[]): unknown {
  let current: unknown = values;
  for (const key of path) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<PropertyKey, unknown>)[key];
  }
  return current;
}

function isEmpty(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '') || (typeof value === 'number' && Number.isNaN(value));
}

/** Classifies one zod issue (messages of the domain builders are keys: Required, TooLong, InvalidValue). */
export function problemOf(issue: z.core.$ZodIssue, values: unknown): FieldProblem {
  const value = valueAt(values, issue.path);
  if (issue.message === 'Required') return { kind: 'required' };
  if (issue.code === 'invalid_type' && isEmpty(value)) return { kind: 'required' };
  if (issue.code === 'too_small' && issue.origin === 'string') {
    if (isEmpty(value)) return { kind: 'required' };
    return { kind: 'tooShort', min: Number(issue.minimum) };
  }
  if (issue.code === 'too_big' && issue.origin === 'string') return { kind: 'tooLong', max: Number(issue.maximum) };
  return { kind: 'invalid' };
}

/** The dotted path of an issue as @mantine/form keys its errors. */
export function issuePath(issue: Pick<z.core.$ZodIssue, 'path'>): string {
  return issue.path.map(String).join('.');
}

/**
 * Checks `values` with `schema`: one error per field path (the first issue wins), texts from `text`.
 * An empty object means valid.
 */
export function formErrors(schema: z.ZodType, values: unknown, text: (problem: FieldProblem, path: string) => string): Record<string, string> {
  const result = schema.safeParse(values);
  if (result.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const path = issuePath(issue);
    if (path in errors) continue;
    errors[path] = text(problemOf(issue, values), path);
  }
  return errors;
}
