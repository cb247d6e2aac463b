import { useLingui } from '@lingui/react/macro';
import { useRequiredAuth } from '../../lib/session.ts';
import { uiLanguage } from '../i18n/language.ts';

/** Footer and language of the reports (who printed, when, in which language). */
export function useReportContext() {
  const { i18n } = useLingui();
  const auth = useRequiredAuth();
  return () => ({ username: auth.username, now: new Date(), language: uiLanguage(i18n.locale) });
}
