import { csvCell } from '@app/domain';
import { type Client, signIn } from '../src/index.ts';
import { type ExampleEnv, readEnv } from './env.ts';

/**
 * What both examples need: the app's address and a signed-in client from the environment
 * (API_URL, default http://localhost:3000; API_USER and API_PASSWORD), the department by its code
 * (DEPARTMENT, e.g. 101) and the year (YEAR, default this year).
 */
export interface Setup {
  client: Client;
  departmentId: number;
  year: number;
}

function required(value: string | undefined, name: string): string {
  if (!value) throw new Error(`set ${name} (README, "Scripts against the API")`);
  return value;
}

export async function setup(env: ExampleEnv = readEnv()): Promise<Setup> {
  const { client } = await signIn({ url: env.url, username: required(env.username, 'API_USER'), password: required(env.password, 'API_PASSWORD') });
  const code = required(env.department, 'DEPARTMENT');
  const { departments } = await client.scope.list.query();
  const department = departments.find((d) => d.code === code);
  if (!department) throw new Error(`department ${code} is not one of yours: ${departments.map((d) => d.code).join(', ')}`);
  return { client, departmentId: department.id, year: env.year };
}

/** One CSV field: a formula neutralised like the app's exports (`csvCell`), quoted when it holds the separator, a quote or a line break. */
export function csvField(value: string | number): string {
  const text = csvCell(value);
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Runs an example's main, printing the business name of a refusal (details of a tRPC error) and exiting 1. */
export function run(main: () => Promise<void>): void {
  main().catch((error: unknown) => {
    const message = error instanceof Error ? error.message : String(error);
    process.stderr.write(`${message}\n`);
    process.exitCode = 1;
  });
}
