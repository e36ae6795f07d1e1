// One lint setup for the whole repository. Boundaries between packages are lint errors (STYLE.md §2).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'bench/results/**',
      '**/test-results/**',
      '**/playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': 'off',
    },
  },
  {
    files: ['packages/payroll/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['@hrpay/*'], message: 'payroll imports nothing of ours' }] },
      ],
    },
  },
  {
    files: ['packages/contracts/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['@hrpay/*'], message: 'contracts only depends on zod' }] },
      ],
    },
  },
  { files: ['apps/web/**/*.{ts,tsx}'], ...reactHooks.configs.flat.recommended },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@hrpay/server', '@hrpay/payroll', '**/apps/server/**'],
              message: 'web talks to the server over HTTP only',
            },
          ],
        },
      ],
    },
  },
  {
    // A feature uses components/, lib/ and its own files, never another feature (bulletproof-react): pages that
    // compose features live in app/.
    files: ['apps/web/src/features/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@hrpay/server', '@hrpay/payroll', '**/apps/server/**'],
              message: 'web talks to the server over HTTP only',
            },
            {
              group: ['@/features/*', '../../*', '../../../*'],
              message: 'a feature does not import another feature; share through components/ or lib/, compose in app/',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/db/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'pg', message: 'use the tenant transaction helper in src/db' },
            { name: '@electric-sql/pglite', message: 'use the tenant transaction helper in src/db' },
          ],
        },
      ],
    },
  },
  {
    // A module's SQL is its own: another module goes through that module's service (immich's layering).
    files: ['apps/server/src/modules/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'pg', message: 'use the tenant transaction helper in src/db' },
            { name: '@electric-sql/pglite', message: 'use the tenant transaction helper in src/db' },
          ],
          patterns: [
            {
              group: ['../*/repository', '../*/repository.js', '**/modules/*/repository*'],
              message: "another module's repository is its own; call that module's service",
            },
          ],
        },
      ],
    },
  },
);
