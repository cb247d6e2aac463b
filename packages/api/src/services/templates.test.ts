import { schema } from '@app/db';
import { and, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { CURRENT_YEAR, describeOnDatabases, expectAppError, signedIn } from '../test-utils.ts';

const { budgetHeads, departments, movementTemplatePositions, movementTemplates } = schema;

describeOnDatabases('movement templates', (get) => {
  async function deptId(code: string): Promise<number> {
    const [row] = await get().db.select({ id: departments.id }).from(departments).where(eq(departments.code, code));
    if (!row) throw new Error(`no department ${code}`);
    return row.id;
  }
  async function scope(code = '101', year = CURRENT_YEAR) {
    return { departmentId: await deptId(code), year };
  }

  it('lists the demo templates of the department', async () => {
    const { caller } = await signedIn(get(), 'kassier');
    const page = await caller.templates.list(await scope());
    expect(page).toMatchObject({ total: 2, isEditable: true });
    expect(page.entities.map((t) => [t.code, t.descriptionDeu, t.positionCount])).toEqual([
      [1, 'Tankrechnung', 1],
      [2, 'Honorar mit Quellensteuer', 2],
    ]);
    expect((await caller.templates.list({ ...(await scope()), description: 'ritenuta' })).entities.map((t) => t.code)).toEqual([2]);
  });

  it('gives a template with positions and the chapter names of the scope year', async () => {
    const { caller } = await signedIn(get(), 'kassier');
    expect(await caller.templates.get({ ...(await scope()), code: 2 })).toEqual({
      id: expect.any(Number),
      code: 2,
      descriptionDeu: 'Honorar mit Quellensteuer',
      descriptionIta: "Onorario con ritenuta d'acconto",
      positions: [{ chapter: '21022', type: 1, chapterDescriptionDe: 'Honorare und Beratungen', chapterDescriptionIt: 'Onorari e consulenze' }],
      transferPositions: [
        {
          chapterFrom: '13001',
          chapterFromDescriptionDe: 'Einbehaltene Quellensteuern',
          chapterFromDescriptionIt: "Ritenute d'acconto trattenute",
          chapterTo: '21022',
          chapterToDescriptionDe: 'Honorare und Beratungen',
          chapterToDescriptionIt: 'Onorari e consulenze',
        },
      ],
      isEditable: true,
    });
    await expectAppError(caller.templates.get({ ...(await scope()), code: 99 }), 'NotFound');
  });

  it('creates a head with the next code, then saves its positions', async () => {
    const { caller } = await signedIn(get(), 'kassier');
    const created = await caller.templates.create({ ...(await scope()), descriptionDeu: 'Kursgebühr', descriptionIta: 'Quota corso' });
    expect(created.code).toBe(3);
    const saved = await caller.templates.save({
      ...(await scope()),
      code: 3,
      positions: [{ chapter: '2-1-016', type: 1 }, { chapter: '21001' }],
      transferPositions: [{ chapterFrom: '13001', chapterTo: '21016' }],
    });
    expect(saved.positions.map((p) => p.chapter)).toEqual(['21016', '21001']);
    expect(saved.transferPositions).toEqual([
      expect.objectContaining({ chapterFrom: '13001', chapterTo: '21016', chapterToDescriptionIt: 'Formazione e corsi' }),
    ]);
    const renamed = await caller.templates.save({ ...(await scope()), code: 3, descriptionIta: 'Quota del corso', positions: [{ chapter: '21016' }] });
    expect(renamed).toMatchObject({ descriptionDeu: 'Kursgebühr', descriptionIta: 'Quota del corso', transferPositions: [] });
    expect(renamed.positions).toHaveLength(1);
    // codes run per department
    const other = (await signedIn(get(), 'zwei')).caller;
    expect((await other.templates.create({ ...(await scope('102')), descriptionDeu: 'A', descriptionIta: 'B' })).code).toBe(3);
  });

  it('checks that chapters exist in the chart and have the part of their slot', async () => {
    const { caller } = await signedIn(get(), 'kassier');
    const s = await scope();
    await expectAppError(caller.templates.save({ ...s, code: 3, positions: [{ chapter: '21999' }] }), 'ChapterNotFound');
    await expectAppError(caller.templates.save({ ...s, code: 3, positions: [{ chapter: '11001' }] }), 'InvalidValue');
    await expectAppError(caller.templates.save({ ...s, code: 3, transferPositions: [{ chapterFrom: '21001', chapterTo: '21016' }] }), 'InvalidValue');
    await expectAppError(caller.templates.save({ ...s, code: 3, transferPositions: [{ chapterFrom: '13001', chapterTo: '13002' }] }), 'InvalidValue');
    await expectAppError(caller.templates.save({ ...s, code: 3, positions: [{ chapter: '2100' }] }), 'InvalidValue');
    await expectAppError(caller.templates.create({ ...s, descriptionDeu: 'x', descriptionIta: 'y', positions: [{ chapter: '21999' }] }), 'ChapterNotFound');
    await expectAppError(caller.templates.create({ ...s, descriptionDeu: '', descriptionIta: 'y' }), 'InvalidValue');
    // 21029 (wages) exists only in the union's chart
    await expectAppError(caller.templates.save({ ...s, code: 3, positions: [{ chapter: '21029' }] }), 'ChapterNotFound');
    const union = (await signedIn(get(), 'admin')).caller;
    expect((await union.templates.save({ ...(await scope('000')), code: 1, positions: [{ chapter: '21029' }] })).positions[0]?.chapterDescriptionDe).toBe(
      'Löhne und Gehälter',
    );
    expect((await get().db.select().from(movementTemplates).where(eq(movementTemplates.departmentId, s.departmentId))).length).toBe(3);
  });

  it('is read-only once the budget of the scope is closed', async () => {
    const { caller } = await signedIn(get(), 'kassier');
    const s = await scope('101', CURRENT_YEAR - 1);
    await get()
      .db.update(budgetHeads)
      .set({ finalApproved: `${CURRENT_YEAR}-04-30` })
      .where(and(eq(budgetHeads.departmentId, s.departmentId), eq(budgetHeads.year, s.year)));
    try {
      expect((await caller.templates.list(s)).isEditable).toBe(false);
      expect((await caller.templates.get({ ...s, code: 1 })).isEditable).toBe(false);
      await expectAppError(caller.templates.create({ ...s, descriptionDeu: 'x', descriptionIta: 'y' }), 'BudgetClosed');
      await expectAppError(caller.templates.save({ ...s, code: 1, positions: [] }), 'BudgetClosed');
      await expectAppError(caller.templates.delete({ ...s, code: 1 }), 'BudgetClosed');
      // the open current year still edits the same templates
      expect((await caller.templates.get({ ...(await scope()), code: 1 })).isEditable).toBe(true);
    } finally {
      await get().db.update(budgetHeads).set({ finalApproved: null }).where(eq(budgetHeads.departmentId, s.departmentId));
    }
  });

  it('refuses a department the user is not linked to', async () => {
    const { caller } = await signedIn(get(), 'kassier');
    await expectAppError(caller.templates.list(await scope('102')), 'DepartmentNotAllowed');
    await expectAppError(caller.templates.create({ ...(await scope('102')), descriptionDeu: 'x', descriptionIta: 'y' }), 'DepartmentNotAllowed');
  });

  it('gives consecutive codes to concurrent creates and deletes a template with its positions', async () => {
    const { caller } = await signedIn(get(), 'zwei');
    const s = await scope('201');
    const codes = await Promise.all(
      [1, 2, 3, 4, 5].map((i) => caller.templates.create({ ...s, descriptionDeu: `V${i}`, descriptionIta: `M${i}`, positions: [{ chapter: '21006' }] })),
    );
    expect(codes.map((c) => c.code).sort((a, b) => a - b)).toEqual([3, 4, 5, 6, 7]);
    const victim = codes[0];
    expect(await caller.templates.delete({ ...s, code: victim?.code ?? 0 })).toEqual({ deleted: true });
    expect(
      await get()
        .db.select()
        .from(movementTemplatePositions)
        .where(eq(movementTemplatePositions.templateId, victim?.id ?? 0)),
    ).toEqual([]);
    await expectAppError(caller.templates.delete({ ...s, code: victim?.code ?? 0 }), 'NotFound');
  });
});
