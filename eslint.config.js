// @ts-check
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', '.astro/**', 'data/**', 'bench/.work/**', 'test-results/**', 'playwright-report/**'] },
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-empty-object-type': 'off',
      'no-empty-pattern': 'off',
    },
  },
  // ── site/admin (decision 099) ────────────────────────────────────────────────────────────
  // A feature of the back office reaches another only through its index.ts (what it shows
  // elsewhere) or its queries.ts (its data), and only the cache plumbing (site/admin/lib) refreshes
  // the cache: a change declares what it touches with `mutation` in its feature's queries.ts.
  // tests/unit/admin-features.test.ts checks the same rules with the paths resolved.
  ...[
    { files: ['site/admin/ui/**/*.{ts,tsx}'], up: '' },
    { files: ['site/admin/features/*/*.{ts,tsx}'], up: '\\.\\./' },
    { files: ['site/admin/features/*/*/*.{ts,tsx}'], up: '\\.\\./\\.\\./' },
  ].map(({ files, up }) => ({
    files,
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '/lib/query(-cache)?\\.ts$',
              importNames: ['invalidate'],
              message: 'Declare what a change touches with `mutation` in the feature’s queries.ts (docs/decisions/099-admin-features.md).',
            },
            ...(up
              ? [
                  {
                    regex: `^${up}(?!\\.\\.)[^/]+/(?!(index|queries)\\.ts$)`,
                    message: 'Import another feature through its index.ts or queries.ts (docs/decisions/099-admin-features.md).',
                  },
                ]
              : []),
          ],
        },
      ],
    },
  })),
  // ── end site/admin ───────────────────────────────────────────────────────────────────────
  {
    // Playwright fixtures call `use()`, which is not React's hook.
    files: ['tests/e2e/**/*.ts'],
    rules: { 'react-hooks/rules-of-hooks': 'off' },
  },
);
