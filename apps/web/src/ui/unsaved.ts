/** Does a navigation leave the form's screen? Only a different path does; search or hash changes do not. */
export function leavesForm(currentPathname: string, nextPathname: string): boolean {
  const norm = (p: string) => (p.length > 1 ? p.replace(/\/+$/, '') : p);
  return norm(currentPathname) !== norm(nextPathname);
}
