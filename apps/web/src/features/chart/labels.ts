import { msg } from '@lingui/core/macro';
import { chapterWord, titleWord } from '../../ui/chartLabels.ts';
import type { FieldLabels } from '../../ui/fieldMessages.ts';

/** Labels of the title form (inputs and server error naming). */
export const titleLabels: FieldLabels = {
  part: msg`Teil`,
  title: titleWord,
  descriptionDeu: msg`Beschreibung (deutsch)`,
  descriptionIta: msg`Beschreibung (italienisch)`,
};

/** Labels of the category form. */
export const categoryLabels: FieldLabels = {
  part: msg`Teil`,
  category: msg`Kategorie`,
  descriptionDeu: msg`Beschreibung (deutsch)`,
  descriptionIta: msg`Beschreibung (italienisch)`,
};

/** Labels of the chapter form. */
export const chapterLabels: FieldLabels = {
  part: msg`Teil`,
  title: titleWord,
  chapterShort: msg`Kapitelnummer`,
  chapter: chapterWord,
  searchKeyDeu: msg`Suchbegriff (deutsch)`,
  searchKeyIta: msg`Suchbegriff (italienisch)`,
  descriptionDeu: msg`Beschreibung (deutsch)`,
  descriptionIta: msg`Beschreibung (italienisch)`,
  emptyChapter: msg`Leerkapitel (Überschrift, nicht bebuchbar)`,
  municipalContrib: msg`Gemeindebeitrag`,
  categoryId: msg`Kategorie`,
  etsCategoryId: msg`ETS-Kategorie`,
  notes: msg`Anmerkungen`,
};
