import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Issue 10: every scope route declares its data. Each screen route under /dept/$dept/year/$year has
 * a `loader` (loadScreen with the queries of features/<x>/queries.ts, or none for a form that loads
 * nothing before its first action), a `pendingComponent` and an `errorComponent` — itself, or the
 * layout route it renders in (`x.index.tsx` / `x.$param.tsx` under `x.tsx`) when that layout loads
 * the data its children share. Routes that show no screen of their own are listed below with the
 * reason; the list is checked too.
 */
const routesDir = fileURLToPath(new URL('../../routes/', import.meta.url));
const scopeRoute = /^_authed\.dept\.\$dept\.year\.\$year\..+\.tsx$/;

const withoutLoader: Record<string, 'layout' | 'redirect'> = {
  // layouts: the menu gate around <Outlet />; their child routes load the data
  '_authed.dept.$dept.year.$year.budget.changes.edit.tsx': 'layout',
  '_authed.dept.$dept.year.$year.budget.forecast.details.tsx': 'layout',
  // deeper sub-paths only redirect to the screen above
  '_authed.dept.$dept.year.$year.budget.changes.edit.$.tsx': 'redirect',
  '_authed.dept.$dept.year.$year.budget.forecast.details.$.tsx': 'redirect',
};

const files = readdirSync(routesDir).filter((name) => scopeRoute.test(name));
const source = (name: string) => readFileSync(routesDir + name, 'utf8');
const declaresData = (text: string) => [/^\s+loader: /m, /^\s+pendingComponent: /m, /^\s+errorComponent: /m].every((re) => re.test(text));
/** The layout route a route renders in: `a.b.index.tsx` and `a.b.$id.tsx` under `a.b.tsx`. */
const layoutOf = (name: string) => name.replace(/\.[^.]+\.tsx$/, '.tsx');

describe('scope routes declare their data (features/shell/screenLoader.ts)', () => {
  it('finds the route files', () => {
    expect(files.length).toBeGreaterThan(30);
  });

  it.each(files.filter((name) => !(name in withoutLoader)))('%s (or its layout) declares loader, pendingComponent and errorComponent', (name) => {
    const layout = layoutOf(name);
    const ownData = declaresData(source(name));
    const layoutData = files.includes(layout) && !(layout in withoutLoader) && declaresData(source(layout));
    expect(ownData || layoutData, `${name}: no loader, pendingComponent and errorComponent, nor in ${layout}`).toBe(true);
  });

  it.each(Object.entries(withoutLoader))('%s is a %s route without data of its own', (name, kind) => {
    expect(files).toContain(name);
    const text = source(name);
    expect(text).not.toMatch(/^\s+loader: /m);
    if (kind === 'layout') expect(text).toContain('<Outlet />');
    else {
      expect(text).toContain('throw redirect(');
      expect(text).not.toMatch(/^\s+component: /m);
    }
  });
});
