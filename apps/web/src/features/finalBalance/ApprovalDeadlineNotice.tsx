/**
 * What the final-account approval form says before anything is typed once 31.10 of Y+1 has passed
 * (issue 25 item 10, DOMAIN decision 26; the rule itself stays on the server): without a year unlock a
 * later date is refused (DateAfter31.10) — the notice says so, that the date of an assembly held by
 * 31.10 still saves, and that a late approval needs a Supervisor to unlock year Y: a link to the years
 * screen for whoever may unlock (permission yearUnlock), for others whom to ask. While the unlock is in
 * force it says the approval will be recorded as late.
 */
import { can, finalApprovalDeadline } from '@app/domain';
import { useLingui } from '@lingui/react/macro';
import { Alert, Stack, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useRequiredAuth } from '../../lib/session.ts';
import { useScope } from '../scope/useScope.ts';

export function ApprovalDeadlineNotice({ today, yearUnlocked }: { today: string; yearUnlocked: boolean }) {
  const { t } = useLingui();
  const auth = useRequiredAuth();
  const { department, year } = useScope();
  const deadline = finalApprovalDeadline(year, today, yearUnlocked);
  if (deadline === 'open') return null;
  const nextYear = year + 1;
  if (deadline === 'lateUnlocked')
    return (
      <Alert color="orange" variant="light" py={8} data-testid="final-deadline-unlocked" title={t`Frist abgelaufen, Jahr ${year} freigegeben`}>
        {t`Die Frist für die Genehmigung (31.10.${nextYear}) ist abgelaufen. Solange ein Supervisor das Haushaltsjahr ${year} freigegeben hat, wird ein späteres Datum bis heute angenommen: die Genehmigung wird als verspätet erfasst.`}
      </Alert>
    );
  return (
    <Alert
      color="orange"
      variant="light"
      py={8}
      data-testid="final-deadline-passed"
      title={t`Die Frist für die Genehmigung ist abgelaufen (31.10.${nextYear})`}
    >
      <Stack gap={6}>
        <Text size="sm">
          {t`Ein späteres Genehmigungsdatum (etwa heute) wird nur angenommen, wenn ein Supervisor das Haushaltsjahr ${year} freigibt: dann wird die Genehmigung als verspätet erfasst, solange die Freigabe besteht. Hat die Vollversammlung den Rechnungsabschluss bis zum 31.10.${nextYear} genehmigt, geben Sie das Datum dieser Sitzung ein.`}
        </Text>
        {can(auth, 'yearUnlock', department.area) ? (
          <Link
            to="/dept/$dept/year/$year/years"
            params={{ dept: department.code, year: String(year) }}
            style={{ fontSize: 'var(--mantine-font-size-sm)', color: 'var(--mantine-color-anchor)' }}
            data-testid="final-deadline-unlock-link"
          >
            {t`Haushaltsjahr ${year} freigeben (Haushaltsjahre)`}
          </Link>
        ) : (
          <Text size="sm" fw={600} data-testid="final-deadline-ask">
            {t`Bitten Sie einen Supervisor des Landesverbands, das Haushaltsjahr ${year} unter „Haushaltsjahre“ freizugeben.`}
          </Text>
        )}
      </Stack>
    </Alert>
  );
}
