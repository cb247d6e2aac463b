/** Does a navigation leave the form's screen? Only a different path does; search or hash changes do not. */
export function leavesForm(currentPathname: string, nextPathname: string): boolean {
  const norm = (p: string) => (p.length > 1 ? p.replace(/\/+$/, '') : p);
  return norm(currentPathname) !== norm(nextPathname);
}

/** Does a navigation change one of the given search params (the form's identity, e.g. `id`)? */
export function changesSearchKey(current: Record<string, unknown>, next: Record<string, unknown>, keys: readonly string[]): boolean {
  return keys.some((key) => String(current[key] ?? '') !== String(next[key] ?? ''));
}
