/** Texts of the budget area (spec 1 §8 budget messages; GLOSSARY terms). */
import type { BalanceCheck } from '@app/domain';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

/** The named forecast balance checks (DOMAIN.md). */
export const checkLabels: Record<BalanceCheck, MessageDescriptor> = {
  total: msg`Gesamt: Einnahmen + Verwendeter Überschuss = Ausgaben`,
  title1: msg`Titel 1: Einnahmen ≥ Ausgaben`,
  title3: msg`Titel 3: Einnahmen = Ausgaben`,
};

export const budgetMessages = {
  /** budget.forecast.approval.alreadyApproved */
  alreadyApproved: msg`Der Haushaltsvoranschlag ist bereits genehmigt.`,
  /** budget.forecast.approval.notBalanced */
  notBalanced: msg`Der Haushaltsvoranschlag ist nicht ausgeglichen und kann nicht genehmigt werden.`,
  /** budget.forecast.balance.noTitles */
  noTitles: msg`Der Haushaltsvoranschlag enthält noch keine Beträge.`,
  /** budget.adjust.chapter.hasResidue */
  hasResidue: msg`Für dieses Kapitel ist der Endrückstand festgestellt: zum Ändern zuerst unter „Feststellung der Rückstände“ die Feststellung aufheben.`,
};
