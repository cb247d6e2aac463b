/**
 * The server as one ES module for plain node (issue 29): esbuild bundles apps/server/src/main.ts with the workspace
 * packages and their dependencies into apps/server/dist/main.mjs, so a start neither compiles TypeScript (tsx) nor
 * resolves some thousand module files.
 *
 * Left outside (imported from node_modules at run time): what loads files next to its own code — PGlite (its wasm and
 * data files), argon2 (a native addon per platform), xmllint-wasm (its wasm) and swagger-ui-dist (its static files).
 * Every `import.meta.url` in a bundled module is replaced by that module's own file URL, so what our sources find
 * relative to themselves (drizzle/'s migrations, the web client's dist, the XSD files, swagger-ui) is found from the
 * bundle exactly as from the sources.
 */
import { readFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const serverDist = join(repoRoot, 'apps/server/dist');
export const serverBundle = join(serverDist, 'main.mjs');

/** Dependencies that read files beside their own code or load native code: imported from node_modules, never bundled. */
export const EXTERNAL = ['@electric-sql/pglite', '@electric-sql/pglite/*', '@node-rs/argon2', 'xmllint-wasm', 'swagger-ui-dist'];

/** Replaces `import.meta.url` in each bundled module by the module's own file URL (see the file comment). */
const ownImportMetaUrl = {
  name: 'own-import-meta-url',
  setup(build) {
    build.onLoad({ filter: /\.(ts|mts|js|mjs|cjs)$/ }, async (args) => {
      const source = await readFile(args.path, 'utf8');
      if (!source.includes('import.meta.url')) return undefined;
      const loader = /\.[mc]?ts$/.test(args.path) ? 'ts' : 'js';
      return { contents: source.replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href)), loader };
    });
  },
};

/** Builds the bundle (throws when esbuild is missing or the build fails); answers its size in bytes and the build's milliseconds. */
export async function buildServerBundle({ outfile = serverBundle } = {}) {
  const started = performance.now();
  const { build } = await import('esbuild');
  const result = await build({
    absWorkingDir: repoRoot,
    entryPoints: ['apps/server/src/main.ts'],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node22',
    external: EXTERNAL,
    // CommonJS dependencies (fastify's, postgres.js) call require(): give the module one
    banner: { js: "import { createRequire as __bundleRequire } from 'node:module'; const require = __bundleRequire(import.meta.url);" },
    sourcemap: 'linked',
    legalComments: 'none',
    metafile: true,
    logLevel: 'error',
    plugins: [ownImportMetaUrl],
  });
  const bytes = result.metafile.outputs[Object.keys(result.metafile.outputs).find((o) => o.endsWith('.mjs'))]?.bytes ?? 0;
  return { bytes, ms: Math.round(performance.now() - started) };
}
