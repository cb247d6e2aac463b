import { kindOfType, type MovementKind, MovementTypeSchema } from '@app/domain';
import { pageParams } from './entity.ts';
import { defined, nonEmptyText, num, param, type RestRoute, row, scopedBody, scopeOf } from './params.ts';

/**
 * Spec 3 §7: the movements calls (bookings). Amounts travel as euros and are integer cents inside
 * (the procedures' schemas, money.ts). `Movements/Revenues` and `Movements/Expenses` name the kind;
 * `POST Movements` takes it from the body (`kind`, or the kind of `type`).
 */

/** The kind of a `POST Movements` body: `kind` when given, else the kind of its `type`. */
function kindOfBody(b: Record<string, unknown>): unknown {
  if (b.kind !== undefined) return b.kind;
  const type = MovementTypeSchema.safeParse(b.type);
  return type.success ? kindOfType(type.data) : undefined;
}

const save = (kind: (b: Record<string, unknown>) => unknown): RestRoute['call'] => {
  return (c, req) => {
    const b = scopedBody(req);
    return c.movements.save({ ...b, ...scopeOf(req), kind: kind(b) } as never);
  };
};

/** GET Movements/{kind}: the record picker (paged, `search`), or one movement with `recordNumber`. */
function list(kind: MovementKind): RestRoute['call'] {
  return (c, req) => {
    const recordNumber = num(req.query.recordNumber);
    if (recordNumber !== undefined) return c.movements.get({ ...scopeOf(req), kind, recordNumber });
    return c.movements.list(defined({ ...scopeOf(req), ...pageParams(req), kind, search: nonEmptyText(req.query.search) }));
  };
}

/** POST Movements/{kind}: a body with a `type` saves the movement; without one it reads `recordNumber`. */
function readOrSave(kind: MovementKind): RestRoute['call'] {
  return (c, req) => {
    const b = scopedBody(req);
    if (b.type === undefined) return c.movements.get({ ...scopeOf(req), kind, recordNumber: num(param(req, 'recordNumber')) as number });
    return save(() => kind)(c, req);
  };
}

/** ChaptersBefore: `chapters` as codes (`'21003'`) or objects (chapter / chapterId, chapterYear). */
function chaptersIn(value: unknown): unknown {
  if (!Array.isArray(value)) return value;
  return value.map((c: unknown) => (typeof c === 'string' ? { chapter: c } : c));
}

const remove =
  (kind: MovementKind): RestRoute['call'] =>
  (c, req) =>
    c.movements.delete({ ...scopeOf(req), kind, recordNumber: num(param(req, 'recordNumber')) as number });

export const movementRoutes: RestRoute[] = [
  row('GET', 'Movements/Revenues', list('revenues')),
  row('GET', 'Movements/Expenses', list('expenses')),
  row('POST', 'Movements/Revenues', readOrSave('revenues')),
  row('POST', 'Movements/Expenses', readOrSave('expenses')),
  row('POST', 'Movements', save(kindOfBody)),
  row('POST', 'Movements/ChaptersBefore', (c, req) => {
    const b = scopedBody(req);
    return c.movements.chaptersBefore({ ...b, ...scopeOf(req), chapters: chaptersIn(b.chapters) } as never);
  }),
  // ours: the latest record of its kind is deleted, an earlier one cancelled (DOMAIN decision 1)
  row('DELETE', 'Movements/Revenues', remove('revenues')),
  row('DELETE', 'Movements/Expenses', remove('expenses')),
  row('GET', 'Movements/Context', (c, req) => c.movements.context({ ...scopeOf(req), kind: nonEmptyText(req.query.kind) as MovementKind })),
];
