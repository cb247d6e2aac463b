/**
 * The environment of the example scripts (their env module, eslint.config.js ENV_MODULES):
 * API_URL (default http://localhost:3000), API_USER, API_PASSWORD, DEPARTMENT (code, e.g. 101),
 * YEAR (default this year); book-fees.ts also CHAPTER (default 11001), ACCOUNT (default K1) and
 * DATE (YYYY-MM-DD, default today).
 */
export interface ExampleEnv {
  url: string;
  username: string | undefined;
  password: string | undefined;
  department: string | undefined;
  year: number;
  chapter: string;
  account: string;
  date: string;
}

export function readEnv(source: Record<string, string | undefined> = process.env): ExampleEnv {
  return {
    url: source.API_URL ?? 'http://localhost:3000',
    username: source.API_USER,
    password: source.API_PASSWORD,
    department: source.DEPARTMENT,
    year: Number(source.YEAR ?? new Date().getFullYear()),
    chapter: source.CHAPTER ?? '11001',
    account: source.ACCOUNT ?? 'K1',
    date: source.DATE ?? new Date().toISOString().slice(0, 10),
  };
}
