import { type Db, schema } from '@app/db';
import { type EtsChart, type EtsInput, type EtsSection, etsSectionNames } from '@app/domain';
import { asc, eq } from 'drizzle-orm';

const { etsCategories } = schema;

/** GET ChartOfAccounts/ETS: the ETS sections (titles) with their categories, for profit and loss. */
export async function etsChart(db: Db, input: EtsInput): Promise<EtsChart> {
  const rows = await db
    .select({
      id: etsCategories.id,
      part: etsCategories.part,
      section: etsCategories.section,
      code: etsCategories.code,
      descriptionDeu: etsCategories.descriptionDeu,
      descriptionIta: etsCategories.descriptionIta,
    })
    .from(etsCategories)
    .where(input.part !== undefined ? eq(etsCategories.part, input.part) : undefined)
    .orderBy(asc(etsCategories.part), asc(etsCategories.sort));
  const group = (part: 1 | 2): EtsSection[] => {
    const sections: EtsSection[] = [];
    for (const row of rows.filter((r) => r.part === part)) {
      let section = sections.at(-1);
      if (section?.section !== row.section) {
        const names = etsSectionNames[row.section];
        section = {
          section: row.section,
          descriptionDeu: names?.deu[part - 1] ?? row.section,
          descriptionIta: names?.ita[part - 1] ?? row.section,
          categories: [],
        };
        sections.push(section);
      }
      section.categories.push(row);
    }
    return sections;
  };
  return { profit: group(1), loss: group(2) };
}
