import { type ChapterBefore, formatChapter, isTransferType, type Movement, MovementType, Part } from '@app/domain';
import { useLingui } from '@lingui/react/macro';
import { ActionIcon, Alert, Badge, Button, Group, Select, Stack, Switch, Text, Title, Tooltip } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { trpc } from '../../lib/trpc.ts';
import { ChapterAddBar } from '../../ui/ChapterAddBar.tsx';
import { chapterDescription } from '../../ui/chartLabels.ts';
import { formatDate } from '../../ui/date.ts';
import { textColumn } from '../../ui/PositionsTable/columns.tsx';
import { PositionAmountInput } from '../../ui/PositionsTable/PositionAmountInput.tsx';
import { PositionsTable } from '../../ui/PositionsTable/PositionsTable.tsx';
import { usePositionRows } from '../../ui/PositionsTable/usePositionRows.ts';
import { useFocusFirstField } from '../../ui/useFocusFirstField.ts';
import { BankOrderAlert } from './BankOrderAlert.tsx';
import { BudgetStateAlert } from '../../ui/BudgetStateAlert.tsx';
import { ChapterCodeInput } from '../../ui/ChapterCodeInput.tsx';
import { useScope } from '../scope/useScope.ts';
import { lineOfChoice } from './chapterLines.ts';
import {
  bookedAmounts,
  bookedLines,
  defaultDue,
  hasPositions,
  hasTransfers,
  lineFigure,
  lineKey,
  openPart,
  type PositionDraft,
  originalTotal,
  positionsTotal,
  rowKey,
  savedBookedAmounts,
  transfersTotal,
} from './draft.ts';
import { kindLabels, movementTypeLabels } from './labels.ts';
import { useMovementDraft } from './MovementDraft.tsx';
import { PaymentsDialog } from './PaymentsDialog.tsx';
import { figureColumns, FiguresLine } from './figureColumns.tsx';
import { PositionDetailDialog } from './PositionDetailDialog.tsx';
import { RowAmount } from '../../ui/RowAmount.tsx';
import { TransferTable } from './TransferTable.tsx';

/** F2 in a position row opens its detail dialog (note and reservation). */
function onDetailKey(event: KeyboardEvent<HTMLDivElement>, open: (rowKey: string) => void) {
  if (event.key !== 'F2') return;
  const key = (event.target as HTMLElement).closest('tr')?.querySelector('[data-row-key]')?.getAttribute('data-row-key');
  if (!key) return;
  event.preventDefault();
  open(key);
}

/** Residue years a position may book on (a residue line of an earlier year). */
const RESIDUE_YEARS = 5;

/**
 * The positions form of a movement (`movements/<kind>/<recordNumber>` or `…/new`): positions (year,
 * chapter typed or picked, note, amount) with each chapter's figure before and after this movement
 * (movements.chaptersBefore), or transfer positions for transfers and the supervisor's inter-part
 * mode; the payments dialog of an open payment; totals; Save (Ctrl+Enter) and Back to the head.
 */
export function MovementPositionsScreen({ recordParam }: { recordParam: string }) {
  const { t, i18n } = useLingui();
  const m = useMovementDraft();
  const { status } = useScope();
  const { kind, context, values: v, draft, movement, editable, correctionOnly, year } = m;
  // a bill a registered order paid: amounts, rows, instalments and transfers stay; chapters and notes can be corrected
  const rowsEditable = editable && !correctionOnly;
  // a cancelled record (DOMAIN decision 27): its kept rows struck through with the amounts they had, counting 0
  const cancelled = movement?.cancelled === true && !v.asNew;
  const [addYear, setAddYear] = useState(year);
  const [paymentsOpen, setPaymentsOpen] = useState(false);
  // the position whose detail dialog is open (its row key)
  const [detailKey, setDetailKey] = useState<string | null>(null);
  const detailRow = v.rows.find((r) => r.key === detailKey) ?? null;
  const root = useRef<HTMLDivElement>(null);
  const positions = usePositionRows<PositionDraft>((update) => draft.set('rows', update));

  // a reload (or a link) of `…/<n>` opens that record into the draft
  const { openRecord } = m;
  useEffect(() => {
    if (recordParam !== 'new' && recordParam !== m.pathRecord) void openRecord(Number(recordParam));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [recordParam]);

  useFocusFirstField(root, editable, movement ? `r${movement.recordNumber}` : 'new');

  const lines = bookedLines(v);
  const figures = useQuery({
    ...trpc.movements.chaptersBefore.queryOptions({
      ...m.scopeInput,
      movementId: movement && !v.asNew ? movement.id : undefined,
      chapters: lines.map((l) => ({ chapterId: l.chapterId, chapterYear: l.chapterYear })),
    }),
    enabled: lines.length > 0 && !cancelled,
    placeholderData: keepPreviousData,
  });
  const beforeOf = new Map<string, ChapterBefore>((figures.data ?? []).map((f) => [`${f.chapterId}/${f.chapterYear}`, f]));
  const booked = bookedAmounts(v);
  // what the saved version took from each line (nothing for a new record): more than that on an overspent line asks, as on the server
  const bookedBefore = movement && !v.asNew ? savedBookedAmounts(movement) : new Map<string, number>();
  const figureOf = (line: { chapterId: number; chapterYear: number; part: Part }) =>
    cancelled ? null : lineFigure(beforeOf.get(lineKey(line)), booked.get(lineKey(line)) ?? 0, line.part, bookedBefore.get(lineKey(line)) ?? 0);
  // the chapter pickers show each chapter's availability before this movement, as its "vorher" column
  const availability = { year, movementId: movement && !v.asNew ? movement.id : undefined };

  const part = kind === 'revenues' ? Part.Revenues : Part.Expenses;
  const total = positionsTotal(v);
  const cancelledTotal = cancelled ? originalTotal(v.rows) : null;
  // the totals' label spans the description and the figure before (none on a cancelled record)
  const totalsLabelSpan = cancelled ? 1 : 2;
  const transferTotal = transfersTotal(v);
  const isOpenPayment = v.type === MovementType.PaymentOpen;
  const due = defaultDue(v) ?? v.recordDate ?? `${year}-01-01`;
  const openTotal = isOpenPayment ? openPart(v) : 0;
  const canSwitchInterPart = context.canInterPartTransfer && kind === 'expenses' && !isTransferType(v.type);
  const figureHeader = part === Part.Expenses ? t`Verfügbar` : t`Noch einzunehmen`;
  const figureCols = figureColumns({ before: t`${figureHeader} vorher`, after: t`${figureHeader} nachher` }, figureOf, cancelled);
  /** The chapter of a row as a typed code or the picker (correction mode): the row moves to that chapter's line, leaving its reservation. */
  const correctionChapterColumn = {
    key: 'chapter',
    header: t`Kapitel berichtigen`,
    width: 150,
    input: true,
    cell: (row: PositionDraft) => (
      <ChapterCodeInput
        departmentId={m.departmentId}
        year={row.chapterYear}
        part={part}
        value={{
          id: row.chapterId,
          chapter: row.chapter,
          part: row.part,
          descriptionDeu: row.descriptionDeu,
          descriptionIta: row.descriptionIta,
          emptyChapter: false,
        }}
        onChange={(c) => c && positions.update(row.key, { ...lineOfChoice(c, row.chapterYear), reservation: null })}
        withDescription={false}
        w={120}
        name={`chapter-${row.key}`}
        availability={availability}
      />
    ),
  };

  // the saved instalments for the payment by hand (DOMAIN decision 21) in the payments dialog
  const byHand = (saved: Movement) => ({
    movementId: saved.id,
    payments: saved.payments,
    accountId: saved.account?.id ?? null,
    onChanged: m.reloadRecord,
    instalment: (p: Movement['payments'][number]) => ({
      movementId: saved.id,
      paymentId: p.id,
      year,
      recordNumber: saved.recordNumber,
      documentNumber: saved.documentNumber,
      documentDate: saved.documentDate,
      supplierName: saved.supplier?.name1 ?? '',
      amount: p.amount,
      dateDue: p.dateDue,
    }),
  });

  const head = [
    v.recordDate ? formatDate(v.recordDate) : null,
    i18n._(movementTypeLabels[v.type]),
    v.documentNumber ? `${t`Beleg`} ${v.documentNumber}` : null,
    v.supplier ? `${v.supplier.code} ${v.supplier.name1}` : null,
  ]
    .filter(Boolean)
    .join(' · ');
  const kindLabel = i18n._(kindLabels[kind]);
  const recordLabel = movement && !v.asNew ? t`Buchung Nr. ${movement.recordNumber}` : t`Neue Buchung`;

  return (
    <Stack ref={root} gap="sm" maw={1240}>
      <Group justify="space-between" wrap="nowrap" align="flex-start" pos="sticky" top={52} py={6} bg="var(--mantine-color-body)" style={{ zIndex: 5 }}>
        <div style={{ minWidth: 0 }}>
          <Title order={2} data-testid="screen-title">
            {`${kindLabel} ${year} – ${recordLabel}`}
          </Title>
          <Text size="sm" c="dimmed" truncate data-testid="movement-head-line">
            {head}
          </Text>
        </div>
        <Group gap="xs" wrap="nowrap">
          {isOpenPayment ? (
            <Button
              variant="default"
              onClick={() => setPaymentsOpen(true)}
              // a cancelled bill's kept instalments are shown (greyed) though its total is 0
              disabled={total === 0 && !(movement?.cancelled && v.payments.length > 0)}
              data-testid="movement-payments"
            >
              {v.payments.length > 1 ? t`Zahlungen (${v.payments.length})` : t`Zahlungen`}
            </Button>
          ) : null}
          {editable ? (
            <Button onClick={() => void draft.save()} loading={draft.saving} disabled={!draft.dirty && !v.asNew} data-testid="editor-save">
              {t`Speichern`}
            </Button>
          ) : null}
          <Button variant="subtle" onClick={() => m.goHead()} data-testid="editor-back">
            {t`Zurück`}
          </Button>
        </Group>
      </Group>
      <BudgetStateAlert closed={context.isBudgetClosed || context.isYearLocked} status={status} />
      <BankOrderAlert movement={movement} />
      {cancelled ? (
        <Alert color="gray" variant="light" py={8} data-testid="movement-cancelled-alert">
          {t`Diese Buchung ist storniert: ihre Positionen, Zahlungen und Anmerkungen bleiben zur Nachvollziehbarkeit sichtbar (durchgestrichen) und zählen 0.`}
        </Alert>
      ) : null}
      {canSwitchInterPart ? (
        <Switch
          label={t`Umbuchung zwischen Einnahmen und Ausgaben (Supervisor)`}
          checked={v.interPart}
          disabled={!rowsEditable}
          onChange={(e) => draft.form.setValues({ interPart: e.currentTarget.checked })}
          data-testid="movement-inter-part"
        />
      ) : null}
      {hasPositions(v) ? (
        <div onKeyDown={(e) => onDetailKey(e, setDetailKey)}>
          <PositionsTable<PositionDraft>
            rows={v.rows}
            positions={positions}
            editable={rowsEditable}
            minWidth={1000}
            testId="movement-positions"
            cancelled={cancelled}
            emptyText={rowsEditable ? t`Noch keine Positionen. Kapitel unten eingeben.` : t`Keine Positionen.`}
            columns={[
              ...(correctionOnly ? [correctionChapterColumn] : []),
              {
                key: 'description',
                header: t`Bezeichnung`,
                cellStyle: { overflow: 'hidden' },
                cell: (row) => {
                  const before = beforeOf.get(lineKey(row));
                  return (
                    <div style={{ minWidth: 0 }}>
                      <Group gap={6} wrap="nowrap">
                        {row.chapterYear !== year ? (
                          <Badge size="xs" variant="light" color="grape" title={t`Rückstand aus ${row.chapterYear}`}>
                            {row.chapterYear}
                          </Badge>
                        ) : null}
                        <Text size="sm" truncate title={chapterDescription(i18n, row)}>
                          {chapterDescription(i18n, row)}
                        </Text>
                        {cancelled ? (
                          // the wrapper keeps the badge (an inline box in it) out of the row's strike-through
                          <span style={{ flexShrink: 0 }}>
                            <Badge size="xs" variant="light" color="gray" data-testid={`position-cancelled-${row.chapter}`}>
                              {t({ message: 'storniert', context: 'position' })}
                            </Badge>
                          </span>
                        ) : null}
                        {row.reservation ? (
                          <Badge
                            size="xs"
                            variant="light"
                            color="teal"
                            style={{ flexShrink: 0 }}
                            title={t`Verwendet Vormerkung Nr. ${row.reservation.recordNumber}`}
                            data-testid={`reservation-mark-${row.chapter}`}
                          >
                            {t`Vorm. ${row.reservation.recordNumber}`}
                          </Badge>
                        ) : null}
                      </Group>
                      {before ? <FiguresLine before={before} part={part} testId={`figures-${row.chapter}`} /> : null}
                    </div>
                  );
                },
              },
              ...figureCols.before,
              {
                key: 'amount',
                header: t`Betrag`,
                width: 150,
                align: 'right',
                input: true,
                cell: (row, { blocked }) =>
                  rowsEditable ? (
                    <PositionAmountInput
                      row={row}
                      positions={positions}
                      blocked={blocked}
                      error={row.amount === 0 ? t`Betrag 0` : undefined}
                      label={t`Betrag ${formatChapter(row.chapter)}`}
                    />
                  ) : (
                    <RowAmount cents={cancelled ? row.originalAmount : row.amount} cancelled={cancelled} testId={`amount-${row.chapter}`} />
                  ),
              },
              ...figureCols.after,
              textColumn({
                key: 'note',
                header: t`Anmerkung`,
                width: 170,
                editable,
                value: (row) => row.note,
                onChange: (row, note) => positions.update(row.key, { note }),
                label: (row) => t`Anmerkung ${formatChapter(row.chapter)}`,
                testId: (row) => `note-${row.chapter}`,
              }),
              {
                key: 'detail',
                width: 34,
                tight: true,
                align: 'center',
                cell: (row) => (
                  <Tooltip label={t`Details und Vormerkung (F2)`}>
                    <ActionIcon
                      variant="subtle"
                      size="sm"
                      tabIndex={-1}
                      onClick={() => setDetailKey(row.key)}
                      aria-label={t`Details und Vormerkung (F2)`}
                      data-testid={`detail-${row.chapter}`}
                    >
                      ⋯
                    </ActionIcon>
                  </Tooltip>
                ),
              },
            ]}
            totals={[
              {
                key: 'total',
                label: t`Gesamtbetrag`,
                labelSpan: totalsLabelSpan,
                tone: 'strong',
                amounts: { amount: { cents: total, testId: 'movement-total' } },
              },
              ...(cancelledTotal !== null
                ? [
                    {
                      key: 'cancelled',
                      label: t`storniert (gebucht war)`,
                      labelSpan: totalsLabelSpan,
                      tone: 'dimmed' as const,
                      amounts: { amount: { cents: cancelledTotal, testId: 'movement-cancelled-total' } },
                    },
                  ]
                : []),
              ...(isOpenPayment && total > 0
                ? [
                    {
                      key: 'open',
                      label: t`davon offen`,
                      labelSpan: totalsLabelSpan,
                      tone: 'dimmed' as const,
                      amounts: { amount: { cents: openTotal, testId: 'movement-open' } },
                    },
                  ]
                : []),
            ]}
            addBar={
              <ChapterAddBar
                departmentId={m.departmentId}
                year={addYear}
                part={part}
                disabled={v.rows.some((r) => r.isNew && !r.amount)}
                availability={availability}
                leading={
                  <Select
                    label={t`Jahr`}
                    w={96}
                    allowDeselect={false}
                    data={Array.from({ length: RESIDUE_YEARS + 1 }, (_, i) => String(year - i))}
                    value={String(addYear)}
                    onChange={(y) => y && setAddYear(Number(y))}
                    title={t`Laufendes Jahr oder Rückstandsjahr`}
                    data-testid="add-year"
                  />
                }
                onAdd={(c) => {
                  const existing = v.rows.find((r) => r.chapterId === c.id && r.chapterYear === addYear);
                  if (existing) return positions.focusAmount(existing.key);
                  positions.insert({ key: rowKey(), ...lineOfChoice(c, addYear), amount: null, note: '', reservation: null, isNew: true });
                }}
              />
            }
          />
        </div>
      ) : null}
      {hasTransfers(v) ? (
        <TransferTable
          rows={v.transfers}
          setRows={(update) => draft.set('transfers', update)}
          editable={rowsEditable}
          departmentId={m.departmentId}
          year={year}
          figures={{ figureOf, beforeOf: (line) => (cancelled ? undefined : beforeOf.get(lineKey(line))), availability }}
          total={transferTotal}
          cancelled={cancelled}
        />
      ) : null}
      {/* a cancelled bill's kept instalments no longer match its total of 0 on purpose (DOMAIN decision 27) */}
      {isOpenPayment && !movement?.cancelled && v.payments.length > 0 && v.payments.reduce((s, p) => s + p.amount, 0) !== total ? (
        <Text size="sm" c="red" data-testid="payments-mismatch">
          {t`Die Zahlungen ergeben nicht den Gesamtbetrag: bitte im Dialog „Zahlungen“ anpassen.`}
        </Text>
      ) : null}
      <PositionDetailDialog
        row={detailRow}
        scope={m.scopeInput}
        movementId={movement && !v.asNew ? movement.id : null}
        readOnly={!rowsEditable}
        onClose={() => setDetailKey(null)}
        onAccept={(detail) => {
          if (detailRow) positions.update(detailRow.key, detail);
          setDetailKey(null);
          if (detailRow) positions.focusAmount(detailRow.key);
        }}
      />
      <PaymentsDialog
        opened={paymentsOpen}
        total={total}
        payments={v.payments}
        dateDue={due}
        readOnly={!rowsEditable}
        cancelled={movement?.cancelled ?? false}
        saved={movement && !v.asNew && !draft.dirty && !movement.cancelled ? byHand(movement) : null}
        onClose={() => setPaymentsOpen(false)}
        onAccept={(rows) => {
          draft.form.setValues({ payments: rows });
          setPaymentsOpen(false);
        }}
      />
    </Stack>
  );
}
