#!/usr/bin/env node
/** Regenerates src/routeTree.gen.ts without a full build (the Vite plugin does the same on build/dev). */
import { Generator, getConfig } from '@tanstack/router-generator';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const config = getConfig(
  { target: 'react', autoCodeSplitting: true, routesDirectory: resolve(root, 'src/routes'), generatedRouteTree: resolve(root, 'src/routeTree.gen.ts') },
  root,
);
await new Generator({ config, root }).run();
console.log('routeTree.gen.ts updated');
