import { hash, verify } from '@node-rs/argon2';

/** argon2id with the library's defaults (19 MiB memory, 2 iterations), as OWASP recommends. */
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

let checks = 0;

/** How many password checks this process has run (tests prove with it that a path did the argon2 work). */
export function passwordChecks(): number {
  return checks;
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  checks++;
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}
