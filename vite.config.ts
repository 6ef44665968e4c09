import purgeCss from '@fullhuman/postcss-purgecss';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { iconSubset } from './scripts/vite/icon-subset.js';

// The client is built into public/build with a manifest; the server reads the manifest to
// link the assets and to compute the Inertia asset version. Each page is its own chunk
// (import.meta.glob), the signed-in shell too (lib/pages.tsx); React and Inertia share one "vendor"
// chunk. Text assets get .br/.gz copies (served by server/http/static-assets.ts).
/**
 * Unused CSS removed at build (Bootstrap's utilities, variants, Font Awesome's icon rules…): a
 * selector stays when its class name appears in the client's sources. A class built at run time
 * (`alert-${tone}`) is invisible to that scan: its family must be listed here, or the class written
 * whole in the source (a map { success: 'alert-success' }).
 */
export const cssSafelist = {
  standard: [/^alert-/, /^btn-/, /^modal-/, /^form-control-/, /^app-stat-/, /^app-print-/, /^app-error-/, /^content-/],
  greedy: [/Toastify/, /rdp/],
};

/** The icon font tiers (see iconSubset): which source files' icons go in which tier. */
export const ICON_TIERS = [
  {
    name: 'login',
    files:
      /^resources\/js\/(app\.tsx|lib\/|hooks\/|components\/(?!(Modal|NumberInput|Pagination)\.)[^/]+\.tsx$|layouts\/(Auth|Simple)Layout\.tsx$|pages\/auth\/)/,
  },
  {
    name: 'shell',
    files:
      /^(resources\/js\/(layouts\/|pages\/Dashboard\.tsx$|components\/dashboard\/)|shared\/(menu|dashboard|help)\.ts$)/,
  },
];

export default defineConfig(({ command }) => ({
  plugins: [
    // Font Awesome: only the icons the sources use (scripts/vite/icon-subset.ts), in tiers: the
    // icons of the login page inlined in the stylesheet, those of the signed-in shell and the
    // dashboard in a font file the signed-in pages preload (server/http/assets.ts), the others in a
    // font file fetched by the idle warm-up (lib/warm-up.ts) or by the first screen showing one.
    iconSubset({ tiers: ICON_TIERS }),
    react(),
    // A brotli and a gzip copy of each text asset, served by server/http/static-assets.ts.
    compression({
      algorithms: ['brotliCompress', 'gzip'],
      include: /\.(js|mjs|css|svg|json|html|txt)$/,
      threshold: 512,
      logLevel: 'silent',
    }),
  ],
  // `@/…` is the client (resources/js), `@shared/…` the code shared with the server: no ../../../.
  resolve: {
    alias: {
      '@/': fileURLToPath(new URL('./resources/js/', import.meta.url)),
      '@shared/': fileURLToPath(new URL('./shared/', import.meta.url)),
    },
  },
  base: '/build/',
  publicDir: false,
  build: {
    outDir: 'public/build',
    emptyOutDir: true,
    manifest: true,
    sourcemap: false,
    // Fonts are never inlined by Vite: the icon font tiers are files so that a page fetches only
    // the tiers it shows (the first tier is inlined by iconSubset itself).
    assetsInlineLimit: (file: string) => (file.endsWith('.woff2') ? false : undefined),
    rollupOptions: {
      input: 'resources/js/app.tsx',
      output: {
        codeSplitting: {
          // What every page needs (React, Inertia) in one long-cached chunk; any other library
          // (react-toastify, loaded with the first toast) stays with the code that imports it,
          // so the login page never loads it.
          // Few requests per page (each costs a round trip of 150 ms on our users' links):
          // the small shared components in one chunk (the login page needs most of them), the
          // list/record/document vocabulary in another (what the application's screens share).
          groups: [
            {
              name: 'vendor',
              test: /[\\/]node_modules[\\/](react|react-dom|scheduler|@inertiajs|es-toolkit|laravel-precognition)[\\/]/,
              priority: 3,
            },
            // (The menu, shared/menu.ts, is not in it: the login page does not need it; the shell,
            // the dashboard and the warm-up share it as a small chunk of its own, preloaded.)
            {
              name: 'common',
              test: /[\\/]resources[\\/]js[\\/](components[\\/](?!(Modal|NumberInput|Pagination|CustomScrollbar)\.)[^\\/]+\.tsx|hooks[\\/].*|lib[\\/]debounce\.ts|layouts[\\/]parts[\\/]Footer\.tsx)$/,
              priority: 2,
            },
            // Money, quantities and dates as text: the screens and the dashboard's first visit
            // (which needs none of the screens chunk) share this small chunk.
            {
              name: 'format',
              test: /([\\/]shared[\\/](money|quantity)\.ts|[\\/]resources[\\/]js[\\/]components[\\/]data[\\/](Money\.tsx|format\.ts))$/,
              priority: 2,
            },
            // The screens' stylesheet (resources/css/screens/screens.scss) comes with them.
            {
              name: 'screens',
              test: /([\\/]resources[\\/]js[\\/]components[\\/]((data|pickers|documents|print|stock)[\\/]|(Modal|NumberInput|Pagination)\.tsx$)|[\\/]shared[\\/](records|clients|suppliers|categories|products|price-centre|locations|imports|pickers|lists|money|stock|pages[\\/]stock|audit|print)\.ts$|[\\/]resources[\\/]css[\\/]screens[\\/]screens\.scss$)/,
              priority: 1,
            },
          ],
        },
      },
    },
  },
  css: {
    preprocessorOptions: {
      scss: { quietDeps: true, silenceDeprecations: ['import', 'global-builtin', 'color-functions', 'if-function'] },
    },
    postcss: {
      plugins:
        command === 'build'
          ? [
              purgeCss({
                content: ['resources/js/**/*.{ts,tsx,js}', 'shared/**/*.ts', 'server/http/root-template.ts'],
                safelist: cssSafelist,
                variables: false,
                keyframes: true,
                fontFace: false,
              }),
            ]
          : [],
    },
  },
}));
