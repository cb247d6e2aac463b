import babel from '@rolldown/plugin-babel';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { lingui, linguiTransformerBabelPreset } from '@lingui/vite-plugin';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { devServerEnv } from './devServerEnv.ts';

const serverUrl = `http://localhost:${devServerEnv.serverPort}`;

// Plugin order matters (docs STACK.md trap 3): router, react, babel with the Lingui macro, lingui.
export default defineConfig({
  plugins: [tanstackRouter({ target: 'react', autoCodeSplitting: true }), react(), babel({ presets: [linguiTransformerBabelPreset()] }), lingui()],
  server: {
    port: 5173,
    proxy: {
      '/trpc': serverUrl,
      '/api': serverUrl,
      '/health': serverUrl,
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // dist/.vite/manifest.json: the chunk graph scripts/bundle-budget.mjs checks the budget on (issue 29)
    manifest: true,
    chunkSizeWarningLimit: 1200,
  },
});
