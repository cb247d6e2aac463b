import { msg } from '@lingui/core/macro';

/** The "active" filter of supplier list and export: all, only active, only inactive. */
export const activeChoices = ['all', 'active', 'inactive'] as const;
export type ActiveChoice = (typeof activeChoices)[number];

export const activeLabels = {
  all: msg`Alle`,
  active: msg`Nur aktive`,
  inactive: msg`Nur inaktive`,
} as const;

/** The server's `active` filter: true only active, false only inactive, undefined all. */
export function activeParam(choice: string | undefined): boolean | undefined {
  return choice === 'active' ? true : choice === 'inactive' ? false : undefined;
}
