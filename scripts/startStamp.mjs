/**
 * Fingerprints for `npm start` (scripts/start.mjs, issue 29): a SHA-256 over the relative path and the content of every
 * file a build reads, stored beside the build's output. A start whose fingerprint matches the stored one, with the
 * output still there, skips the build. Content, not modification times: a checkout of another branch and back, a
 * `touch` or a fresh clone's times do not force a build, an edit of one byte does.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

/** Folders never read as inputs: other builds' outputs, caches, test output. */
const SKIPPED_DIRS = new Set(['node_modules', 'dist', '.turbo', 'test-results', 'coverage', '.vite', 'e2e']);

/** The files under `path` (a file or a folder, relative to `root`), sorted, skipping SKIPPED_DIRS and the stamps; nothing when it is missing. */
function filesUnder(root, path) {
  const full = join(root, path);
  if (!existsSync(full)) return [];
  if (!statSync(full).isDirectory()) return [path];
  const found = [];
  for (const entry of readdirSync(full, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
    if (entry.isDirectory()) {
      if (!SKIPPED_DIRS.has(entry.name)) found.push(...filesUnder(root, join(path, entry.name)));
    } else if (entry.isFile() && !entry.name.endsWith('.stamp')) found.push(join(path, entry.name));
  }
  return found;
}

/** The fingerprint of `inputs` (files and folders relative to `root`): a hex SHA-256 over each file's path and bytes. */
export function fingerprint(root, inputs, extra = '') {
  const hash = createHash('sha256');
  hash.update(`${extra}\0`);
  for (const input of inputs)
    for (const file of filesUnder(root, input)) {
      hash.update(`${relative(root, join(root, file)).split(sep).join('/')}\0`);
      hash.update(readFileSync(join(root, file)));
      hash.update('\0');
    }
  return hash.digest('hex');
}

/**
 * What the web client's build (vite in apps/web) reads: its sources and configs, the workspace packages it imports, the
 * lock file (another version of a dependency), the patches applied to node_modules and the root configs.
 */
export const WEB_INPUTS = ['apps/web', 'packages', 'package-lock.json', 'package.json', 'patches', 'tsconfig.base.json', 'turbo.json'];

/** What the server's bundle (scripts/serverBundle.mjs) reads: the server's and the packages' sources, the lock file, the bundler's own script. */
export const SERVER_INPUTS = ['apps/server', 'packages', 'package-lock.json', 'package.json', 'patches', 'tsconfig.base.json', 'scripts/serverBundle.mjs'];

/** The stamp file of a build: beside its output folder (`apps/web/dist` → `apps/web/dist.stamp`), so the build's cleaning of the folder keeps it. */
export function stampFile(outputDir) {
  return `${outputDir}.stamp`;
}

/** The fingerprint stored for `outputDir`, or null when there is none. */
export function readStamp(outputDir) {
  try {
    return readFileSync(stampFile(outputDir), 'utf8').trim();
  } catch {
    return null;
  }
}

export function writeStamp(outputDir, value) {
  writeFileSync(stampFile(outputDir), `${value}\n`);
}

/** Whether the build of `outputDir` is current: its marker file (`index.html`, `main.mjs`) exists and the stored fingerprint is `value`. */
export function isCurrent(outputDir, marker, value) {
  return existsSync(join(outputDir, marker)) && readStamp(outputDir) === value;
}
