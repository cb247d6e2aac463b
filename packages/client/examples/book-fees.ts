// Books the member fees of a CSV file as one revenue (one position per member) and prints it.
//
//   API_USER=kassier API_PASSWORD=demo DEPARTMENT=101 CHAPTER=11001 ACCOUNT=K1 \
//     node --import tsx packages/client/examples/book-fees.ts fees.csv
//
// The CSV: a header line, then `member;amount` (or `member,amount`), amounts as typed in the app
// (`25,00`, `1.250,50`, `25.5`). DATE (YYYY-MM-DD) is the record date, default today.
import { readFileSync } from 'node:fs';
import { centsOf, euros } from '../src/index.ts';
import { readEnv } from './env.ts';
import { run, setup } from './shared.ts';

interface Fee {
  member: string;
  cents: number;
}

function readFees(file: string): Fee[] {
  const [, ...rows] = readFileSync(file, 'utf8').split(/\r?\n/);
  return rows
    .filter((row) => row.trim() !== '')
    .map((row, i) => {
      const separator = row.includes(';') ? ';' : ',';
      const at = row.lastIndexOf(separator);
      const member = row.slice(0, at).trim().replace(/^"|"$/g, '');
      const cents = centsOf(row.slice(at + 1));
      if (at < 0 || member === '' || cents === null || cents <= 0) throw new Error(`${file} line ${i + 2}: not "member;amount": ${row}`);
      return { member, cents };
    });
}

run(async () => {
  const file = process.argv[2];
  if (!file) throw new Error('usage: book-fees.ts <fees.csv>');
  const fees = readFees(file);
  const env = readEnv();
  const { client, departmentId, year } = await setup(env);
  const accountCode = env.account;
  const account = (await client.accounts.briefs.query({ departmentId })).find((a) => a.code === accountCode);
  if (!account) throw new Error(`no account ${accountCode} in this department`);
  const movement = await client.movements.save.mutate({
    departmentId,
    year,
    kind: 'revenues',
    type: 0,
    recordDate: env.date,
    accountId: account.id,
    positions: fees.map((f) => ({ chapter: env.chapter, amount: f.cents, note: `Mitgliedsbeitrag ${f.member}` })),
  });
  process.stdout.write(`revenue ${movement.recordNumber} booked: ${fees.length} fees, ${euros(movement.total)} EUR\n`);
});
