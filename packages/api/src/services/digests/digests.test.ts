import { schema } from '@app/db';
import type { MovementSaveInput } from '@app/domain';
import { and, eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { CURRENT_YEAR, departmentId, describeOnDatabases, expectAppError, signInAs } from '../../test-utils.ts';

const { accounts, suppliers } = schema;

const YEAR = CURRENT_YEAR;
const JUNE = new Date(`${YEAR}-06-15T10:00:00Z`);

/**
 * The digests on PGlite and PostgreSQL with a small fixture of FF Eppan (102) in the current year, so
 * every figure is a hand calculation. Forecast: revenues 11001 5.000,00, 13001 200,00; expenses 21003
 * 1.000,00, 21006 4.000,00, 23001 200,00; change 1 (1.2.) 11001 and 21003 +200,00; the adjustment
 * (10.5., actual surplus 50,00) 21003 +50,00. Two fresh accounts T1 (bank) and T2 (cash) without any
 * earlier cash, so their balances start at 0,00. Bookings:
 * - R1 revenue 10.3. on T1: 11001 1.234,56 (Gemeindebeitrag) + 100,00 (Spende) = 1.334,56;
 * - E1 payment done 12.3. on T1, supplier 1001, R-1: 21003 300,00;
 * - E2 (record 2, 13.3. on T1, supplier 1001, 21006 10,00) cancelled: a row of 0 in every digest
 *   (cash journal of T1, register of 21006, supplier digest; DOMAIN decision 27);
 * - E3 payment open 14.3. on T1, supplier 1001, R-2: 21003 150,00 + 21006 50,00 in two instalments,
 *   120,00 paid 2.4. (shares 90,00 / 30,00) and 80,00 open (60,00 / 20,00);
 * - account transfer 15.3. T1 → T2 500,00; transfer position 20.3. 13001 → 23001 50,00;
 * - reservations on 21003: 1.4. booked 400,00, used 100,00 (remaining 300,00); 5.4. 100,00 closed.
 */
describeOnDatabases(
  'digests',
  (get) => {
    const as = signInAs(get, '10.32', JUNE);
    let s = { departmentId: 0, year: YEAR };
    const ids = { T1: 0, T2: 0, supplier: 0, movementE3: 0 };

    beforeAll(async () => {
      s = { departmentId: await departmentId(get(), '102'), year: YEAR };
      const made = await get()
        .db.insert(accounts)
        .values([
          { departmentId: s.departmentId, code: 'T1', type: 2, descriptionDeu: 'Testbank', descriptionIta: 'Banca di prova' },
          { departmentId: s.departmentId, code: 'T2', type: 1, descriptionDeu: 'Testkasse', descriptionIta: 'Cassa di prova' },
        ])
        .returning({ id: accounts.id });
      ids.T1 = made[0]?.id ?? 0;
      ids.T2 = made[1]?.id ?? 0;
      const [supplier] = await get()
        .db.select({ id: suppliers.id })
        .from(suppliers)
        .where(and(eq(suppliers.departmentId, s.departmentId), eq(suppliers.code, 1001)));
      ids.supplier = supplier?.id ?? 0;
    });

    type Position = NonNullable<MovementSaveInput['positions']>[number];
    const expense = (positions: Position[], extra: Partial<MovementSaveInput>): MovementSaveInput => ({
      ...s,
      kind: 'expenses',
      type: 1,
      recordDate: `${YEAR}-03-12`,
      documentDate: `${YEAR}-03-11`,
      accountId: ids.T1,
      supplierId: ids.supplier,
      positions,
      ...extra,
    });

    it('the fixture: forecast, change, adjustment, bookings, transfers and reservations', async () => {
      const c = await as('zwei');
      const forecast: [1 | 2, [string, number][]][] = [
        [
          1,
          [
            ['11001', 500_000],
            ['13001', 20_000],
          ],
        ],
        [
          2,
          [
            ['21003', 100_000],
            ['21006', 400_000],
            ['23001', 20_000],
          ],
        ],
      ];
      for (const [part, lines] of forecast) {
        await c.budget.forecast.save({ ...s, part, positions: lines.map(([chapter, amountCurrYear]) => ({ chapter, amountCurrYear })) });
      }
      expect(await c.budget.forecast.approve({ ...s, approval: `${YEAR}-01-20` })).toBe(true);
      const change = await c.budget.changes.create({ ...s, approved: `${YEAR}-02-01`, notes: 'Ausschuss' });
      await c.budget.changes.save({
        ...s,
        recordNumber: change.recordNumber,
        approved: `${YEAR}-02-01`,
        notes: 'Ausschuss',
        positions: [
          { chapter: '21003', amount: 20_000 },
          { chapter: '11001', amount: 20_000 },
        ],
      });
      const adjustment = { ...s, approved: `${YEAR}-05-10`, notes: 'Vollversammlung', surplusActual: 5_000 };
      await c.budget.adjustment.create(adjustment);
      await c.budget.adjustment.save({ ...adjustment, positions: [{ chapter: '21003', amount: 5_000 }] });

      await c.movements.save({
        ...s,
        kind: 'revenues',
        type: 0,
        recordDate: `${YEAR}-03-10`,
        accountId: ids.T1,
        positions: [
          { chapter: '11001', amount: 123_456, note: 'Gemeindebeitrag' },
          { chapter: '11001', amount: 10_000, note: 'Spende' },
        ],
      });
      await c.movements.save(expense([{ chapter: '21003', amount: 30_000, note: 'Helme' }], { documentNumber: 'R-1' }));
      await c.movements.save(expense([{ chapter: '21006', amount: 1_000 }], { recordDate: `${YEAR}-03-13`, documentNumber: 'X-9' }));
      const e3 = await c.movements.save(
        expense(
          [
            { chapter: '21003', amount: 15_000, note: 'Stiefel' },
            { chapter: '21006', amount: 5_000 },
          ],
          {
            type: 2,
            recordDate: `${YEAR}-03-14`,
            documentDate: `${YEAR}-03-13`,
            documentNumber: 'R-2',
            payments: [
              { amount: 12_000, dateDue: `${YEAR}-04-01`, datePaid: `${YEAR}-04-02` },
              { amount: 8_000, dateDue: `${YEAR}-07-01`, datePaid: null },
            ],
          },
        ),
      );
      ids.movementE3 = e3.id;
      expect(e3.positions.map((p) => [p.chapter, p.paid, p.open])).toEqual([
        ['21003', 9_000, 6_000],
        ['21006', 3_000, 2_000],
      ]);
      expect(await c.movements.delete({ ...s, kind: 'expenses', recordNumber: 2 })).toMatchObject({ cancelled: true });
      await c.movements.save({
        ...s,
        kind: 'expenses',
        type: 3,
        recordDate: `${YEAR}-03-20`,
        transferPositions: [{ chapterFrom: '13001', chapterTo: '23001', amount: 5_000, note: 'Quellensteuer' }],
      });
      await c.accountTransfers.save({ ...s, recordDate: `${YEAR}-03-15`, accountIdFrom: ids.T1, accountIdTo: ids.T2, amount: 50_000, note: 'Bargeld' });
      const chapter = { chapterYear: YEAR, chapter: '21003' };
      await c.reservations.save({ ...s, ...chapter, recordDate: `${YEAR}-04-01`, amountBooked: 40_000, amountUsed: 10_000, note: 'Atemschutz' });
      await c.reservations.save({ ...s, ...chapter, recordDate: `${YEAR}-04-05`, amountBooked: 10_000, amountUsed: 0, closed: true, note: 'erledigt' });
    });

    it('the cash journal of T1: balance box, rows newest last, running balance to the cent; final = Accounts/Balance', async () => {
      const c = await as('zwei');
      const journal = await c.digests.cashJournal({ ...s, accountId: ids.T1 });
      expect(journal).toMatchObject({
        year: YEAR,
        accountCode: 'T1',
        accountType: 2,
        descriptionDeu: 'Testbank',
        dateFrom: null,
        dateTo: null,
        dateFromBalance: 0,
        totalProfit: 133_456,
        totalLoss: 92_000,
        movementsBalance: 41_456,
        finalBalance: 41_456,
        openPayments: 8_000,
        page: 1,
        totalPages: 1,
        total: 5,
      });
      expect(
        journal.movements.map((r) => [
          r.kind,
          r.recordDate,
          r.recordNumber,
          r.documentNumber,
          r.supplierCode,
          r.description,
          r.amount,
          r.finalBalance,
          r.cancelled,
        ]),
      ).toEqual([
        ['revenue', `${YEAR}-03-10`, 1, '', null, 'Gemeindebeitrag; Spende', 133_456, 133_456, false],
        ['paymentDone', `${YEAR}-03-12`, 1, 'R-1', 1001, 'Helme', -30_000, 103_456, false],
        // the cancelled E2: its number, date and 0 (its position's note is kept, it had none)
        ['paymentDone', `${YEAR}-03-13`, 2, 'X-9', 1001, '', 0, 103_456, true],
        ['accountTransfer', `${YEAR}-03-15`, 1, '', null, 'Bargeld', -50_000, 53_456, false],
        ['paymentOpen', `${YEAR}-04-02`, 3, 'R-2', 1001, 'Stiefel', -12_000, 41_456, false],
      ]);
      expect(journal.movements[2]).toMatchObject({ movementKind: 'expenses', type: 1, isPaid: null, paymentId: null });
      expect(journal.movements[3]).toMatchObject({ counterAccountCode: 'T2', accountTransferId: expect.any(Number), movementId: null });
      expect(journal.movements[4]).toMatchObject({
        movementId: ids.movementE3,
        movementKind: 'expenses',
        type: 2,
        isPaid: true,
        documentDate: `${YEAR}-03-13`,
      });
      const balances = await c.accountBalances.get(s);
      const t1 = balances.accounts.find((a) => a.accountCode === 'T1');
      expect([t1?.initialBalance, t1?.movementsBalance, t1?.finalBalance]).toEqual([0, 41_456, 41_456]);
      // T2 by its code: the transfer arrives
      const t2 = await c.digests.cashJournal({ ...s, accountCode: 'T2' });
      expect(t2.movements.map((r) => [r.kind, r.amount, r.finalBalance, r.counterAccountCode])).toEqual([['accountTransfer', 50_000, 50_000, 'T1']]);
      expect(t2.finalBalance).toBe(balances.accounts.find((a) => a.accountCode === 'T2')?.finalBalance);
    });

    it('the printed cash journal for a date range: the balance before dateFrom, the rows within', async () => {
      const c = await as('zwei');
      const march = await c.digests.cashJournal({ ...s, accountId: ids.T1, dateFrom: `${YEAR}-03-11`, dateTo: `${YEAR}-03-31` });
      expect(march).toMatchObject({ dateFromBalance: 133_456, totalProfit: 0, totalLoss: 80_000, movementsBalance: -80_000, finalBalance: 53_456, total: 3 });
      expect(march.movements.map((r) => [r.recordDate, r.amount, r.finalBalance])).toEqual([
        [`${YEAR}-03-12`, -30_000, 103_456],
        [`${YEAR}-03-13`, 0, 103_456],
        [`${YEAR}-03-15`, -50_000, 53_456],
      ]);
      // paged: the box covers every row, the page its rows with their running balance
      const page = await c.digests.cashJournal({ ...s, accountId: ids.T1, page: 2, pageSize: 3 });
      expect(page).toMatchObject({ finalBalance: 41_456, page: 2, pageSize: 3, totalPages: 2, total: 5 });
      expect(page.movements.map((r) => r.finalBalance)).toEqual([53_456, 41_456]);
      const past = await c.digests.cashJournal({ ...s, accountId: ids.T1, page: 5, pageSize: 3 });
      expect([past.movements.length, past.finalBalance, past.total]).toEqual([0, 41_456, 5]);
    });

    it('the chapter register of 2-1-003: every kind, paid and open, the rows sum to the box', async () => {
      const c = await as('zwei');
      const d = await c.digests.chapter({ ...s, chapter: '2-1-003' });
      // initial 1.000,00 + 200,00 + 50,00 = 1.250,00; paid 300,00 + 90,00; open 60,00; reserved 300,00
      expect(d.balance).toMatchObject({
        budgetInitial: 100_000,
        budgetChanges: 25_000,
        budgetFinal: 125_000,
        payments: 39_000,
        openPayments: 6_000,
        reservations: 30_000,
        availableAfterDonePayments: 86_000,
        availableAfterPlannedExpenses: 50_000,
      });
      expect(d.totals).toEqual({ budgetChanges: 25_000, payments: 39_000, openPayments: 6_000, reservations: 30_000 });
      expect(d).toMatchObject({ year: YEAR, chapterYear: YEAR, chapter: '21003', part: 2, title: 1, total: 7 });
      expect(d.movements.map((r) => [r.kind, r.figure, r.recordDate, r.recordNumber, r.amount, r.isPaid, r.closed, r.finalBalance])).toEqual([
        ['budgetChange', 'budgetChanges', `${YEAR}-02-01`, 1, 20_000, null, false, 120_000],
        ['paymentDone', 'payments', `${YEAR}-03-12`, 1, 30_000, true, false, 90_000],
        ['paymentOpen', 'payments', `${YEAR}-03-14`, 3, 9_000, true, false, 81_000],
        ['paymentOpen', 'openPayments', `${YEAR}-03-14`, 3, 6_000, false, false, 75_000],
        ['reservation', 'reservations', `${YEAR}-04-01`, 1, 30_000, null, false, 45_000],
        ['reservation', 'reservations', `${YEAR}-04-05`, 2, 0, null, true, 45_000],
        ['budgetChange', 'budgetChanges', `${YEAR}-05-10`, -1, 5_000, null, false, 50_000],
      ]);
      expect(d.movements[0]).toMatchObject({ description: 'Ausschuss', changeId: expect.any(Number), movementId: null });
      expect(d.movements[2]).toMatchObject({ documentNumber: 'R-2', supplierCode: 1001, description: 'Stiefel', movementId: ids.movementE3 });
      expect(d.movements[4]).toMatchObject({ description: 'Atemschutz', reservationId: expect.any(Number) });
      // the box is Budget/Chapter's
      expect(d.balance).toEqual(await c.budget.chapter({ ...s, chapter: '21003' }));
      // paged: rows 4 to 6, the totals of all
      const page = await c.digests.chapter({ ...s, chapter: '21003', page: 2, pageSize: 3 });
      expect(page.movements.map((r) => r.finalBalance)).toEqual([75_000, 45_000, 45_000]);
      expect([page.totals.payments, page.totalPages]).toEqual([39_000, 3]);
    });

    it('the chapter registers of revenues and transfers: collected, the other side of a transfer', async () => {
      const c = await as('zwei');
      const revenue = await c.digests.chapter({ ...s, chapter: '11001' });
      expect(revenue.movements.map((r) => [r.kind, r.figure, r.amount, r.description, r.finalBalance])).toEqual([
        ['budgetChange', 'budgetChanges', 20_000, 'Ausschuss', 520_000],
        ['revenue', 'payments', 133_456, 'Gemeindebeitrag; Spende', 386_544],
      ]);
      expect(revenue.balance).toMatchObject({ budgetFinal: 520_000, payments: 133_456, toReceive: 386_544 });
      const from = await c.digests.chapter({ ...s, chapterId: revenue.chapterId });
      expect(from.chapter).toBe('11001');
      const w = await c.digests.chapter({ ...s, chapter: '13001' });
      expect(w.movements.map((r) => [r.kind, r.amount, r.type, r.counterChapter, r.counterChapterYear, r.description, r.finalBalance])).toEqual([
        ['transfer', 5_000, 3, '23001', YEAR, 'Quellensteuer', 15_000],
      ]);
      const to = await c.digests.chapter({ ...s, chapter: '23001' });
      expect(to.movements.map((r) => [r.kind, r.amount, r.counterChapter, r.finalBalance])).toEqual([['transfer', 5_000, '13001', 15_000]]);
      await expectAppError(c.digests.chapter({ ...s, chapter: '21999' }), 'ChapterNotFound');
    });

    it('the supplier digest: document count, paid, not paid, their sum, the address and the movements', async () => {
      const c = await as('zwei');
      const d = await c.digests.supplier({ ...s, supplierId: ids.supplier });
      expect(d).toMatchObject({ supplierCode: 1001, documentCount: 2, totalPaid: 42_000, totalNotPaid: 8_000, totalSum: 50_000, total: 3 });
      expect(d.address.location).not.toBe('');
      expect(d.movements.map((r) => [r.recordNumber, r.documentNumber, r.chapters, r.amount, r.paid, r.notPaid, r.isPaid, r.cancelled])).toEqual([
        [1, 'R-1', '21003', 30_000, 30_000, 0, true, false],
        // cancelled: its chapter kept (DOMAIN decision 27), 0
        [2, 'X-9', '21006', 0, 0, 0, true, true],
        [3, 'R-2', '21003, 21006', 20_000, 12_000, 8_000, false, false],
      ]);
      expect(await c.digests.supplier({ ...s, supplierCode: 1001 })).toEqual(d);
      await expectAppError(c.digests.supplier({ ...s, supplierCode: 999_999 }), 'RecordNotFound');
    });

    it('the print data: availabilities per title and part, chapter digests of a range, supplier digests', async () => {
      const c = await as('zwei');
      const a = await c.digests.availabilities(s);
      expect(a.parts.map((p) => [p.part, p.titles.map((t) => [t.title, t.chapters.map((x) => x.chapter), t.totals.budgetFinal, t.totals.payments])])).toEqual([
        [
          1,
          [
            [1, ['11001'], 520_000, 133_456],
            [3, ['13001'], 20_000, 5_000],
          ],
        ],
        [
          2,
          [
            [1, ['21003', '21006'], 525_000, 42_000],
            [3, ['23001'], 20_000, 5_000],
          ],
        ],
      ]);
      expect(a.parts[1]?.totals).toMatchObject({ budgetFinal: 545_000, payments: 47_000, openPayments: 8_000, reservations: 30_000 });
      expect(a.parts[1]?.titles[0]?.descriptionDeu).not.toBe('');
      const expenses = await c.digests.availabilities({ ...s, part: 2, titleFrom: 3 });
      expect(expenses.parts.map((p) => p.titles.map((t) => t.title))).toEqual([[3]]);

      const list = await c.digests.chaptersList({ ...s, chapterFrom: '21000', chapterTo: '2-1-999' });
      expect(list.chapters.map((d) => [d.chapter, d.movements.length, d.balance.availableAfterPlannedExpenses])).toEqual([
        ['21003', 7, 50_000],
        // record 3's paid and open share and the cancelled record 2
        ['21006', 3, 395_000],
      ]);
      const bare = await c.digests.chaptersList({ ...s, withMovements: false });
      expect(bare.chapters.map((d) => [d.chapter, d.movements.length])).toEqual([
        ['11001', 0],
        ['13001', 0],
        ['21003', 0],
        ['21006', 0],
        ['23001', 0],
      ]);
      const suppliersList = await c.digests.suppliersList({ ...s, supplierFrom: 1000, supplierTo: 1002 });
      expect(suppliersList.suppliers.map((d) => d.supplierCode)).toEqual([1001]);
      expect(suppliersList.totals).toEqual({ documentCount: 2, totalPaid: 42_000, totalNotPaid: 8_000, totalSum: 50_000 });
      const withEmpty = await c.digests.suppliersList({ ...s, supplierFrom: 1000, supplierTo: 1002, withEmpty: true, withMovements: false });
      expect(withEmpty.suppliers.map((d) => [d.supplierCode, d.documentCount, d.movements.length])).toEqual([
        [1001, 2, 0],
        [1002, 0, 0],
      ]);
    });

    it('cancelled records are rows of 0 (DOMAIN decision 27): E2 on 21006; an account transfer, a reservation, a transfer of chapters', async () => {
      const c = await as('zwei');
      const fuel = await c.digests.chapter({ ...s, chapter: '21006' });
      const e2 = fuel.movements.find((r) => r.recordNumber === 2 && r.movementKind === 'expenses');
      expect(e2).toMatchObject({ kind: 'paymentDone', figure: 'payments', recordDate: `${YEAR}-03-13`, amount: 0, cancelled: true, isPaid: null });
      expect(fuel.totals).toEqual({ budgetChanges: 0, payments: 3_000, openPayments: 2_000, reservations: 0 });
      expect(fuel.movements.at(-1)?.finalBalance).toBe(fuel.balance.availableAfterPlannedExpenses);

      // an account transfer T2 -> T1 cancelled (an earlier one: a later one follows)
      const a = await c.accountTransfers.save({ ...s, recordDate: `${YEAR}-04-10`, accountIdFrom: ids.T2, accountIdTo: ids.T1, amount: 1_000, note: 'Irrtum' });
      await c.accountTransfers.save({ ...s, recordDate: `${YEAR}-04-11`, accountIdFrom: ids.T1, accountIdTo: ids.T2, amount: 2_000, note: 'Wechselgeld' });
      expect(await c.accountTransfers.delete({ ...s, recordNumber: a.recordNumber })).toMatchObject({ cancelled: true });
      // a reservation on 21003 and a transfer of chapters 13001 -> 23001, each cancelled behind a later record
      const chapter = { chapterYear: YEAR, chapter: '21003' };
      const r = await c.reservations.save({ ...s, ...chapter, recordDate: `${YEAR}-04-12`, amountBooked: 5_000, amountUsed: 0, note: 'Doppelt' });
      await c.reservations.save({ ...s, ...chapter, recordDate: `${YEAR}-04-13`, amountBooked: 1_000, amountUsed: 0, note: 'Funk' });
      expect(await c.reservations.delete({ ...s, recordNumber: r.recordNumber })).toMatchObject({ cancelled: true });
      const w = await c.movements.save({
        ...s,
        kind: 'expenses',
        type: 3,
        recordDate: `${YEAR}-04-14`,
        transferPositions: [{ chapterFrom: '13001', chapterTo: '23001', amount: 2_500, note: 'falsch' }],
      });
      await c.movements.save(expense([{ chapter: '21006', amount: 500 }], { recordDate: `${YEAR}-04-15`, documentNumber: 'X-10' }));
      expect(await c.movements.delete({ ...s, kind: 'expenses', recordNumber: w.recordNumber })).toMatchObject({ cancelled: true });

      // the cash journals: the transfer a row of 0 on both accounts, the balances those of Accounts/Balance
      const balances = await c.accountBalances.get(s);
      for (const [code, counter] of [
        ['T1', 'T2'],
        ['T2', 'T1'],
      ] as const) {
        const journal = await c.digests.cashJournal({ ...s, accountCode: code });
        expect(
          journal.movements
            .filter((m) => m.cancelled && m.kind === 'accountTransfer')
            .map((m) => [m.recordNumber, m.recordDate, m.amount, m.counterAccountCode, m.description]),
        ).toEqual([[a.recordNumber, `${YEAR}-04-10`, 0, counter, 'Irrtum']]);
        expect(journal.finalBalance).toBe(balances.accounts.find((b) => b.accountCode === code)?.finalBalance);
        expect(journal.movements.at(-1)?.finalBalance).toBe(journal.finalBalance);
        expect(journal.totalProfit - journal.totalLoss).toBe(journal.movementsBalance);
      }
      const t1 = await c.digests.cashJournal({ ...s, accountCode: 'T1' });
      expect([t1.totalProfit, t1.totalLoss, t1.finalBalance]).toEqual([133_456, 92_000 + 2_000 + 500, 41_456 - 2_500]);

      // the registers: the reservation and both sides of the transfer with 0, the boxes unchanged
      const equipment = await c.digests.chapter({ ...s, chapter: '21003' });
      expect(
        equipment.movements.filter((m) => m.cancelled).map((m) => [m.kind, m.figure, m.recordNumber, m.recordDate, m.amount, m.closed, m.description]),
      ).toEqual([['reservation', 'reservations', r.recordNumber, `${YEAR}-04-12`, 0, true, 'Doppelt']]);
      expect(equipment.totals.reservations).toBe(30_000 + 1_000);
      expect(equipment.balance.reservations).toBe(30_000 + 1_000);
      for (const [code, counter] of [
        ['13001', '23001'],
        ['23001', '13001'],
      ]) {
        const d = await c.digests.chapter({ ...s, chapter: code });
        expect(d.movements.map((m) => [m.kind, m.recordNumber, m.amount, m.counterChapter, m.description, m.cancelled])).toEqual([
          ['transfer', 4, 5_000, counter, 'Quellensteuer', false],
          ['transfer', w.recordNumber, 0, counter, 'falsch', true],
        ]);
        expect(d.totals.payments).toBe(5_000);
        expect(d.balance.payments).toBe(5_000);
      }
      // the cancelled movement keeps its positions at 0 (DOMAIN decision 27)
      const kept = await c.movements.get({ ...s, kind: 'expenses', recordNumber: w.recordNumber });
      expect(kept).toMatchObject({ cancelled: true, total: 0 });
      expect(kept.transferPositions.map((t) => [t.from.chapter, t.to.chapter, t.amount, t.note])).toEqual([['13001', '23001', 0, 'falsch']]);
    });

    it('Standard users only for their departments; an account of another department is not found', async () => {
      const kassier = await as('kassier');
      await expectAppError(kassier.digests.cashJournal({ ...s, accountId: ids.T1 }), 'DepartmentNotAllowed');
      await expectAppError(kassier.digests.supplier({ ...s, supplierCode: 1001 }), 'DepartmentNotAllowed');
      await expectAppError(kassier.digests.availabilities(s), 'DepartmentNotAllowed');
      const own = { departmentId: await departmentId(get(), '101'), year: YEAR };
      await expectAppError(kassier.digests.cashJournal({ ...own, accountId: ids.T1 }), 'RecordNotFound');
    });
  },
  { pglite: 'both' },
);
