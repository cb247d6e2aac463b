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
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { fingerprint, isCurrent, SERVER_INPUTS, writeStamp } from './startStamp.mjs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const serverDist = join(repoRoot, 'apps/server/dist');
export const serverBundle = join(serverDist, 'main.mjs');
/** Node's compile cache of the bundle's bytecode, shared by every start (npm start, the e2e servers). */
export const compileCacheDir = join(repoRoot, 'node_modules/.cache/node-compile-cache');

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
    write: false,
    plugins: [ownImportMetaUrl],
  });
  // each file written beside its place and renamed: a process starting the server meanwhile sees the old or the new bundle
  await mkdir(dirname(outfile), { recursive: true });
  for (const file of result.outputFiles) {
    const temporary = `${file.path}.${process.pid}.tmp`;
    await writeFile(temporary, file.contents);
    await rename(temporary, file.path);
  }
  const bytes = result.metafile.outputs[Object.keys(result.metafile.outputs).find((o) => o.endsWith('.mjs'))]?.bytes ?? 0;
  return { bytes, ms: Math.round(performance.now() - started) };
}

/**
 * The bundle's path when it is current (its stamp, beside apps/server/dist, matches the fingerprint of SERVER_INPUTS) or
 * could be built now; null when it can't be built (esbuild missing, a build error): the caller runs the sources under
 * tsx. `log` gets one line when it builds or fails.
 */
export async function currentServerBundle(log = console.log, onStep = () => undefined) {
  const wanted = fingerprint(repoRoot, SERVER_INPUTS);
  onStep('server fingerprint');
  if (isCurrent(serverDist, 'main.mjs', wanted)) return serverBundle;
  try {
    const { bytes, ms } = await buildServerBundle();
    writeStamp(serverDist, wanted);
    log(`[start] the server changed: bundled into apps/server/dist/main.mjs (${Math.round(bytes / 1024)} KB in ${ms} ms)`);
    onStep('server bundle');
    return serverBundle;
  } catch (error) {
    log(`[start] the server bundle could not be built, running the sources under tsx: ${error instanceof Error ? error.message : error}`);
    return null;
  }
}

/** The arguments of node that run the server: the current bundle, or the sources under tsx. */
export async function serverNodeArgs(log = console.log) {
  const bundle = await currentServerBundle(log);
  return bundle ? [bundle] : ['--import', 'tsx', 'apps/server/src/main.ts'];
}
