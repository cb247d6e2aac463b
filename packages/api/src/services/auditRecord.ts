import { createHash } from 'node:crypto';
import type { Db } from '@app/db';
import type { AuditAction } from '@app/domain';
import { appendAudit } from './auditChain.ts';

/** Keys never written to the trail (with their values): passwords, hashes, tokens, secrets. */
const SECRET_KEY = /password|token|secret|hash/i;

/**
 * Nesting kept in the trail: a save's input is at most a few levels deep (a record, its positions, their fields);
 * deeper content (only ever keys no schema knows, which the save ignored) is written as `'…'`, so a hostile body of
 * thousands of levels neither overflows a stack nor reaches the database.
 */
export const AUDIT_MAX_DEPTH = 8;

/** The longest text of an input written as it is (a field's longest is 1000 characters; a file's text is longer). */
export const AUDIT_MAX_TEXT = 4000;

/** The value without any key that names a secret, at any depth, and nothing below AUDIT_MAX_DEPTH levels. */
export function sanitise(value: unknown, depth = 0): unknown {
  // bytes (a receipt's content) are never written: their size stands for them
  if (ArrayBuffer.isView(value)) return `${value.byteLength} bytes`;
  // a file sent as text (a bank statement's XML) is not written either: its length and SHA-256 stand for it
  if (typeof value === 'string' && value.length > AUDIT_MAX_TEXT)
    return `${value.length} characters, sha256 ${createHash('sha256').update(value).digest('hex')}`;
  const nested = Array.isArray(value) || (value !== null && typeof value === 'object' && !(value instanceof Date));
  if (nested && depth >= AUDIT_MAX_DEPTH) return '…';
  if (Array.isArray(value)) return value.map((v) => sanitise(v, depth + 1));
  if (nested)
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>)
        .filter(([k]) => !SECRET_KEY.test(k))
        // a file sent as base64 text (invoices.book over JSON): its length stands for it, like bytes
        .map(([k, v]) => [k, k === 'content' && typeof v === 'string' ? `${v.length} characters` : sanitise(v, depth + 1)]),
    );
  return value;
}

export interface AuditActor {
  userId: number | null;
  userName: string;
  clientAddress: string;
}

export interface AuditEntry {
  departmentId?: number | null | undefined;
  year?: number | null | undefined;
  entity: string;
  entityId?: string | number | null | undefined;
  recordNumber?: number | null | undefined;
  action: AuditAction;
  procedure: string;
  changes?: unknown;
}

/** Appends one sanitised row of `actor` doing `entry` in the transaction `tx`. */
export async function recordAudit(tx: Db, actor: AuditActor, entry: AuditEntry): Promise<void> {
  await appendAudit(tx, {
    userId: actor.userId,
    userName: actor.userName.slice(0, 100),
    clientAddress: actor.clientAddress.slice(0, 64),
    departmentId: entry.departmentId ?? null,
    year: entry.year ?? null,
    entity: entry.entity,
    entityId: entry.entityId === null || entry.entityId === undefined ? null : String(entry.entityId).slice(0, 64),
    recordNumber: entry.recordNumber ?? null,
    action: entry.action,
    procedure: entry.procedure,
    input: entry.changes === undefined ? null : sanitise(entry.changes),
  });
}

function numberField(...values: unknown[]): number | null {
  for (const v of values) if (typeof v === 'number' && Number.isInteger(v)) return v;
  return null;
}

function fieldOf(value: unknown, key: string): unknown {
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>)[key] : undefined;
}

/**
 * A save's row as the middleware records it: scope and ids from the input and the answer. A delete that
 * answers `cancelled` (a movement or reservation before the latest of its kind keeps its number and is
 * cancelled, not removed) is recorded as `cancelled`.
 */
export function saveEntry(path: string, audit: { entity: string; action: AuditAction }, input: unknown, answer: unknown): AuditEntry {
  const departmentId = numberField(fieldOf(input, 'departmentId'), fieldOf(answer, 'departmentId'));
  const year = numberField(fieldOf(input, 'year'), fieldOf(answer, 'year'));
  // a payment order: its id and number in the answer (stored, cancelled), in the registered protocol's order, or the input's orderId
  const order = fieldOf(answer, 'order');
  // an e-invoice booked (invoices.book): the movement it became
  const movement = fieldOf(answer, 'movement');
  const entityId = numberField(fieldOf(answer, 'id'), fieldOf(input, 'id'), fieldOf(order, 'id'), fieldOf(input, 'orderId'), fieldOf(movement, 'id'));
  const recordNumber = numberField(
    fieldOf(answer, 'recordNumber'),
    fieldOf(movement, 'recordNumber'),
    fieldOf(input, 'recordNumber'),
    fieldOf(answer, 'number'),
    fieldOf(input, 'number'),
    fieldOf(answer, 'orderNumber'),
    fieldOf(order, 'orderNumber'),
  );
  const action = audit.action === 'deleted' && fieldOf(answer, 'cancelled') === true ? 'cancelled' : audit.action;
  return { departmentId, year, entity: audit.entity, entityId, recordNumber, action, procedure: path, changes: input ?? null };
}
