import type { Area } from '@app/domain';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert } from '@mantine/core';
import { areaLabel } from '../scope/areaLabel.ts';

export interface ChartStatusLike {
  area: number;
  year: number;
  locked: boolean;
  unlocked: boolean;
  approvedBudgets: boolean;
}

/**
 * The lock state of the chart above chart lists and editors: locked (an approved forecast in the
 * area and year, not unlocked) is a clear warning and the forms are read-only; an unlocked chart
 * with approved forecasts gets a note. Nothing when the chart is simply editable.
 */
export function ChartStatusBanner({ status }: { status: ChartStatusLike | undefined }) {
  const { i18n } = useLingui();
  if (!status) return null;
  const area = i18n._(areaLabel(status.area as Area));
  const year = status.year;
  if (status.locked)
    return (
      <Alert color="red" variant="light" title={<Trans>Kontenplan gesperrt</Trans>} data-testid="chart-locked">
        <Trans>
          Im Bereich {area} gibt es für {year} bereits einen genehmigten Haushaltsvoranschlag. Titel, Kategorien und Kapitel können nur gelesen werden, bis der
          Kontenplan entsperrt wird (Dienstprogramme → Kontenplan entsperren).
        </Trans>
      </Alert>
    );
  if (status.unlocked && status.approvedBudgets)
    return (
      <Alert color="yellow" variant="light" title={<Trans>Kontenplan entsperrt</Trans>} data-testid="chart-unlocked">
        <Trans>
          Im Bereich {area} gibt es für {year} genehmigte Haushaltsvoranschläge; der Kontenplan wurde trotzdem zur Bearbeitung freigegeben. Änderungen wirken
          sich auf genehmigte Haushalte aus.
        </Trans>
      </Alert>
    );
  return null;
}
