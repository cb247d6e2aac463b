// The npm registry reachable here does not serve turbo's macOS and Windows binaries (404), so
// `npm install` leaves them out of package-lock.json and `npm ci` then refuses the lock as out of
// sync. This adds the missing optional, platform-bound entries (never installed on Linux).
// Idempotent; run after `npm install` changes the lock (CI runs it before `npm ci`).
import { readFileSync, writeFileSync } from 'node:fs';

const path = new URL('../package-lock.json', import.meta.url);
const lock = JSON.parse(readFileSync(path, 'utf8'));
const packages = lock.packages;
const turbo = packages['node_modules/turbo'];
const platforms = { 'darwin-64': ['darwin', 'x64'], 'darwin-arm64': ['darwin', 'arm64'], 'windows-64': ['win32', 'x64'], 'windows-arm64': ['win32', 'arm64'] };
let added = 0;
for (const [name, [os, cpu]] of Object.entries(platforms)) {
  const key = `node_modules/@turbo/${name}`;
  if (!turbo || packages[key] || !turbo.optionalDependencies?.[`@turbo/${name}`]) continue;
  packages[key] = { version: turbo.version, cpu: [cpu], dev: true, license: 'MIT', optional: true, os: [os] };
  added++;
}
if (added > 0) {
  lock.packages = Object.fromEntries(Object.entries(packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a < b ? -1 : a > b ? 1 : 0)));
  writeFileSync(path, `${JSON.stringify(lock, null, 2)}\n`);
  console.log(`package-lock.json: added ${added} platform stub entries for turbo`);
}
