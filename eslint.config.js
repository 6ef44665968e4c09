// ESLint: typescript-eslint's recommended rules over the whole tree, the rules of hooks on the
// client, and no formatting rule (Prettier formats: eslint-config-prettier turns the clashing ones off).
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['node_modules/', 'public/', 'storage/', 'coverage/', 'server/db/tables.generated.ts'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      // Rows are typed (server/db/tables.generated.ts, Pick<…Row> for selected columns): no `any`.
      '@typescript-eslint/no-explicit-any': 'error',
      // Unused names are errors, except those starting with _ (an argument a signature requires).
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true },
      ],
    },
  },
  {
    // The files that still take untyped rows (`any`): each leaves this list once its rows are typed,
    // and no file joins it.
    files: [
      'database/seeds/demo/sales-history.ts',
      'database/seeds/demo/stock-history.ts',
      'scripts/bench/client.ts',
      'server/db/connection.ts',
      'server/http/api/endpoint.ts',
      'server/http/api/endpoints/products.ts',
      'server/http/import-routes.ts',
      'server/http/presenters/api.ts',
      'server/http/presenters/client-statement.ts',
      'server/http/presenters/products.ts',
      'server/http/presenters/support.ts',
      'server/http/routes/cash-closings.ts',
      'server/http/routes/clients.ts',
      'server/http/routes/products.ts',
      'server/http/routes/sales/credit-notes.ts',
      'server/services/api-tokens/tokens.ts',
      'server/services/locations/locations.ts',
      'server/services/products/products.ts',
      'server/services/receivables/statement.ts',
      'server/services/settlements/settlement-queries.ts',
      'server/services/stock/entries.ts',
      'server/services/stock/inventory.ts',
      'server/services/stock/transfers.ts',
      'server/services/support/tickets.ts',
      'server/services/tabular/import-flow.ts',
      'server/services/cash-closings/cash-closings.ts',
      'tests/http/master-data/pickers.test.ts',
      'tests/http/openapi.test.ts',
      'tests/http/receivables/statement.test.ts',
      'tests/http/reports-receivables-at-date.test.ts',
      'tests/http/sales/parked-sales.test.ts',
    ],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['resources/js/**/*.{js,ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    // The rules of hooks and their dependencies. The React Compiler's rules (refs read during
    // render, setState in an effect…) are not on: the client is not written for the compiler —
    // useServerForm hands refs to the render, for one — and moving to it is a change of its own.
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  prettier,
);
