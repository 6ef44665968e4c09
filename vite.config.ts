import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

// The client is built into public/build with a manifest; the server reads the manifest to
// link the assets and to compute the Inertia asset version. Each page is its own chunk
// (import.meta.glob); React, Inertia and the other libraries share one "vendor" chunk.
export default defineConfig({
  plugins: [react()],
  // `@/…` is the client (resources/js), `@shared/…` the code shared with the server: no ../../../.
  resolve: { alias: { '@/': fileURLToPath(new URL('./resources/js/', import.meta.url)), '@shared/': fileURLToPath(new URL('./shared/', import.meta.url)) } },
  base: '/build/',
  publicDir: false,
  build: {
    outDir: 'public/build',
    emptyOutDir: true,
    manifest: true,
    sourcemap: false,
    rollupOptions: {
      input: 'resources/js/app.tsx',
      output: {
        codeSplitting: {
          groups: [{ name: 'vendor', test: /[\\/]node_modules[\\/]/ }],
        },
      },
    },
  },
  css: { preprocessorOptions: { scss: { quietDeps: true, silenceDeprecations: ['import', 'global-builtin', 'color-functions', 'if-function'] } } },
});
