// This year's budget chapters of a department with their availability, as CSV on stdout.
//
//   API_USER=kassier API_PASSWORD=demo DEPARTMENT=101 node --import tsx packages/client/examples/chapters-csv.ts
//
// Amounts are integer cents in the typed client; the CSV shows euros with two decimals.
import { euros } from '../src/index.ts';
import { csvField, run, setup } from './shared.ts';

const HEADER = ['chapter', 'part', 'description', 'budgetFinal', 'payments', 'reservations', 'available'];

run(async () => {
  const { client, departmentId, year } = await setup();
  const lines = [HEADER.join(',')];
  for (let page = 1, totalPages = 1; page <= totalPages; page++) {
    const answer = await client.budget.chapters.query({ departmentId, year, page, pageSize: 1000 });
    totalPages = answer.totalPages;
    for (const c of answer.entities) {
      lines.push(
        [c.chapter, c.part, c.descriptionDeu, euros(c.budgetFinal), euros(c.payments), euros(c.reservations), euros(c.availableFinal)].map(csvField).join(','),
      );
    }
  }
  process.stdout.write(`${lines.join('\n')}\n`);
});
