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
      // Off until every row and presenter is typed (server/db/tables.generated.ts): then an error.
      '@typescript-eslint/no-explicit-any': 'off',
      // Unused names are errors, except those starting with _ (an argument a signature requires).
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true },
      ],
    },
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
