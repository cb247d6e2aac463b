import { useLingui } from '@lingui/react/macro';
import { Alert, Group, Stack, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { menuScreenState } from '../shell/menu.ts';
import { useScope } from '../scope/useScope.ts';

const linkStyle = { fontSize: 'var(--mantine-font-size-sm)', color: 'var(--mantine-color-anchor)' };

/**
 * Step 1 of the homebanking after 31.12 of the scope year (payments.context `takesNewOrders` false,
 * issue 25): no new order of the year (it could never be registered in it: the date paid lies in the
 * year and not before the order's creation); its open bills are paid from the next year after the
 * carry-over — the links lead there. Its stored orders can still be exported, registered or cancelled.
 */
export function YearOverNotice() {
  const { t } = useLingui();
  const { department, year } = useScope();
  const next = year + 1;
  const params = { dept: department.code, year: String(next) };
  return (
    <Alert color="blue" variant="light" title={t`Kein neuer Zahlungsauftrag ${year} mehr`} data-testid="homebanking-year-over">
      <Stack gap={6}>
        <Text size="sm">
          {t`Ein Zahlungsauftrag wird mit einem Zahlungsdatum in seinem Jahr registriert, nicht vor seiner Erstellung: nach dem 31.12.${year} erstellt, wäre er nie registrierbar. Die offenen Rechnungen ${year} werden ab ${next} bezahlt (Homebanking oder von Hand), sobald die Übertragung der Rückstände sie nach ${next} gebracht hat. Gespeicherte Aufträge ${year} lassen sich hier weiter exportieren oder stornieren.`}
        </Text>
        <Group gap="lg">
          <Link to="/dept/$dept/year/$year/residues/carryOver" params={params} style={linkStyle} data-testid="homebanking-year-over-carry">
            {t`Übertragung der Rückstände ${next}`}
          </Link>
          <Link to="/dept/$dept/year/$year/payments/pay" params={params} style={linkStyle} data-testid="homebanking-year-over-open">
            {t`Offene Zahlungen ${next}`}
          </Link>
          <Link to="/dept/$dept/year/$year/payments/homebanking" params={params} style={linkStyle} data-testid="homebanking-year-over-next">
            {t`Homebanking ${next}`}
          </Link>
        </Group>
      </Stack>
    </Alert>
  );
}

/**
 * Step 1 of a domestic order when the department has no CBI CUC: the CBI file can't be built, so the
 * screen stops here and says who enters it (department base data, section Homebanking: a supervisor,
 * or an administrator in the union's scope) with the link for a user whose menu opens that screen.
 */
export function CucMissingNotice() {
  const { t } = useLingui();
  const { department, year, menu } = useScope();
  const mayEdit = menuScreenState(menu, 'departments/edit').kind === 'available';
  return (
    <Alert color="orange" variant="light" title={t`Der CBI-CUC-Code der Feuerwehr fehlt`} data-testid="homebanking-cuc-missing">
      <Stack gap={6}>
        <Text size="sm">
          {t`Ohne ihn kann keine Inlandsdatei (CBI) erstellt werden. Die Bank teilt ihn mit; eingetragen wird er in den Stammdaten der Feuerwehr (Stammdaten › Feuerwehren › Feuerwehren bearbeiten, Abschnitt Homebanking) von einem Supervisor oder einem Administrator des Landesverbands.`}
        </Text>
        {mayEdit ? (
          <Link
            to="/dept/$dept/year/$year/departments/edit"
            params={{ dept: department.code, year: String(year) }}
            search={{ id: department.id }}
            style={linkStyle}
            data-testid="homebanking-cuc-edit"
          >
            {t`CBI-CUC in den Stammdaten eintragen`}
          </Link>
        ) : (
          <Text size="sm" fw={600} data-testid="homebanking-cuc-ask">
            {t`Bitte den Supervisor bitten, ihn einzutragen.`}
          </Text>
        )}
      </Stack>
    </Alert>
  );
}
