import { formatDateTime } from '@app/domain';

export type ReportLanguage = 'de' | 'it';

const texts = {
  de: { loginAs: 'Angemeldet als', page: 'Seite', of: 'von' },
  it: { loginAs: 'Accesso come', page: 'Pagina', of: 'di' },
} as const;

/** The three parts of every report footer: date-time, "Login as" user, "Page x of y". */
export function footerParts(opts: { now: Date; username: string; page: number; pages: number; language: ReportLanguage }): [string, string, string] {
  const t = texts[opts.language];
  return [formatDateTime(opts.now), `${t.loginAs} ${opts.username}`, `${t.page} ${opts.page} ${t.of} ${opts.pages}`];
}
