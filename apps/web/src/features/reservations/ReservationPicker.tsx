import { formatChapter, Part } from '@app/domain';
import { useLingui } from '@lingui/react/macro';
import { Badge, Checkbox, Group, Select } from '@mantine/core';
import { useState } from 'react';
import { Amount } from '../../ui/Amount.tsx';
import { type ChapterChoice, ChapterCodeInput } from '../../ui/ChapterCodeInput.tsx';
import { chapterDescription, chapterWord } from '../../ui/chartLabels.ts';
import { formatDate } from '../../ui/date.ts';
import { RecordNumberLookup } from '../../ui/RecordNumberLookup.tsx';
import { RecordPickerDialog } from '../../ui/RecordPickerDialog.tsx';
import { RowAmount } from '../../ui/RowAmount.tsx';
import { reservationListQuery } from './queries.ts';

/** The spec's reservations picker pages above 5 rows. */
const PAGE = 5;
const RESIDUE_YEARS = 5;

interface Scope {
  department: { id: number };
  year: number;
}

/**
 * Opening a saved reservation: type its number and press Enter, or "…" (F4) for the picker (newest
 * first, 5 rows a page), filtered by chapter (typed code or chapter picker, of the scope year or a
 * residue year) and "only open" (on by default).
 */
export function ReservationPicker({ scope, onOpen }: { scope: Scope; onOpen: (recordNumber: number) => Promise<boolean> }) {
  const { t } = useLingui();
  const [dialog, setDialog] = useState(false);
  return (
    <>
      <RecordNumberLookup
        label={t`Vormerkung öffnen`}
        placeholder={t`Nummer`}
        pickerLabel={t`Vormerkung suchen (F4)`}
        onOpen={onOpen}
        onPicker={() => setDialog(true)}
        testId="reservation"
      />
      {/* mounted while open: every opening starts with the scope year, no chapter and "only open" */}
      {dialog ? (
        <ReservationDialog
          scope={scope}
          onClose={() => setDialog(false)}
          onPick={(n) => {
            setDialog(false);
            void onOpen(n);
          }}
        />
      ) : null}
    </>
  );
}

function ReservationDialog({ scope, onClose, onPick }: { scope: Scope; onClose: () => void; onPick: (recordNumber: number) => void }) {
  const { t, i18n } = useLingui();
  const [chapterYear, setChapterYear] = useState(scope.year);
  const [chapter, setChapter] = useState<ChapterChoice | null>(null);
  const [openOnly, setOpenOnly] = useState(true);
  const filter = { search: '', chapterId: chapter?.id ?? null, chapterYear: chapter ? chapterYear : null, openOnly };

  const filters = (
    <Group gap="md" align="flex-end" mb="sm" wrap="nowrap">
      <Select
        label={t`Jahr`}
        w={96}
        allowDeselect={false}
        data={Array.from({ length: RESIDUE_YEARS + 1 }, (_, i) => String(scope.year - i))}
        value={String(chapterYear)}
        onChange={(y) => {
          if (!y) return;
          setChapterYear(Number(y));
          setChapter(null);
        }}
        data-testid="reservation-dialog-year"
      />
      <div style={{ flex: 1, minWidth: 0 }}>
        <ChapterCodeInput
          departmentId={scope.department.id}
          year={chapterYear}
          part={Part.Expenses}
          value={chapter}
          onChange={setChapter}
          label={i18n._(chapterWord)}
          name="reservation-dialog-chapter"
        />
      </div>
      <Checkbox
        mb={8}
        label={t`Nur offene`}
        checked={openOnly}
        onChange={(e) => setOpenOnly(e.currentTarget.checked)}
        data-testid="reservation-dialog-open-only"
      />
    </Group>
  );

  return (
    <RecordPickerDialog
      opened
      title={t`Vormerkung suchen`}
      filters={filters}
      // any filter change (also the year while no chapter is chosen) goes back to page 1
      filterKey={JSON.stringify([chapterYear, chapter?.id ?? null, openOnly])}
      emptyText={openOnly ? t`Keine offenen Vormerkungen gefunden.` : t`Keine Vormerkungen gefunden.`}
      pageSize={PAGE}
      pageQuery={(_search, page, pageSize) => reservationListQuery(scope, filter, page, pageSize)}
      testId="reservation-dialog"
      listTestId="reservation-list"
      rowKey={(r) => r.id}
      rowDimmed={(r) => r.closed || r.cancelled}
      onClose={onClose}
      onPick={(r) => onPick(r.recordNumber)}
      columns={[
        { key: 'recordNumber', header: t`Nr.`, width: 56, align: 'right', render: (r) => r.recordNumber },
        { key: 'recordDate', header: t`Datum`, width: 96, render: (r) => formatDate(r.recordDate) },
        {
          key: 'chapter',
          header: i18n._(chapterWord),
          render: (r) => (
            <Group gap={6} wrap="nowrap">
              <span style={{ whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' }} title={chapterDescription(i18n, r.chapter)}>
                {`${formatChapter(r.chapter.chapter)}${r.chapter.chapterYear !== scope.year ? ` (${r.chapter.chapterYear})` : ''} ${chapterDescription(i18n, r.chapter)}`}
              </span>
              {r.cancelled ? (
                <Badge size="xs" color="gray" variant="light">
                  {t`storniert`}
                </Badge>
              ) : r.closed ? (
                <Badge size="xs" color="gray" variant="outline">
                  {t`abgeschlossen`}
                </Badge>
              ) : null}
            </Group>
          ),
        },
        { key: 'note', header: t`Anmerkungen`, wrap: true, render: (r) => r.note },
        {
          key: 'amountBooked',
          header: t`Vorgemerkt`,
          width: 115,
          align: 'right',
          render: (r) =>
            // a cancelled one counts 0: the amount it was booked at, struck through (DOMAIN decision 27)
            r.cancelled ? (
              <RowAmount cents={r.originalAmount} cancelled testId={`reservation-list-original-${r.recordNumber}`} />
            ) : (
              <Amount cents={r.amountBooked} size="sm" />
            ),
        },
        { key: 'amountUnused', header: t`Nicht verwendet`, width: 125, align: 'right', render: (r) => <Amount cents={r.amountUnused} size="sm" /> },
      ]}
    />
  );
}
