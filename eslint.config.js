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
  // Import direction of the API (docs/architecture.md, "Import rules"; decisions 098, 135 and 136): platform
  // knows no feature, a feature reaches another only through its index.ts or its contract/index.ts, only the
  // list of features (api/features/index.ts) takes a feature's manifest.ts, and the application that starts
  // them (app.ts, server.ts, jobs.ts) names no feature: it loops over that list.
  {
    files: ['api/platform/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ regex: '(^|/)features/', message: 'api/platform/ knows no feature: pass what it needs in (a registry, a callback) instead.' }] }],
    },
  },
  // A feature's top files (index.ts, manifest.ts, routes.ts) sit one folder below api/features/, the files of its
  // rooms two (docs/decisions/138-rooms-inside-big-features.md): the same rules, one `../` further up.
  ...[
    { files: ['api/features/*/*.ts'], up: '\\.\\./', self: '\\./' },
    // A feature's contract/ has its own, narrower rule below (decision 135).
    { files: ['api/features/*/*/**/*.ts'], ignores: ['api/features/*/contract/**'], up: '\\.\\./\\.\\./', self: '\\.\\./' },
  ].map(({ files, ignores, up, self }) => ({
    files,
    ...(ignores ? { ignores } : {}),
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: `^${up}[^./][^/]*/(?!index\\.ts$|contract/index\\.ts$)`, message: 'Another feature is reached through its index.ts only (its contract through contract/index.ts).' },
            { regex: `^${up}(index|email-kinds)\\.ts$`, message: 'A feature does not import the composition root (api/features/index.ts, email-kinds.ts).' },
            { regex: `^${up}\\.\\./(app|server|start|jobs|dev|dev-api)\\.ts$`, message: 'A feature does not import the application that starts it.' },
            { regex: `^${self}manifest\\.ts$`, message: "A feature's files do not import its manifest: the manifest imports them (decision 136)." },
          ],
        },
      ],
    },
  })),
  {
    files: ['api/features/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ regex: '^\\./[^/]+/(?!index\\.ts$|manifest\\.ts$)', message: "The composition root takes a feature's manifest.ts (and its index.ts)." }] }],
    },
  },
  {
    files: ['api/app.ts', 'api/server.ts', 'api/jobs.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: 'features/[^/]+/', message: 'The application names no feature: it loops over the manifests of api/features/index.ts (decision 136).' }] },
      ],
    },
  },
  {
    files: ['api/*.ts', 'api/cli/**/*.ts'],
    ignores: ['api/app.ts', 'api/server.ts', 'api/jobs.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ regex: 'features/[^/]+/(?!index\\.ts$)[^/]+', message: 'Outside api/features/, a feature is reached through its index.ts only.' }] }],
    },
  },
  // The contract the browser imports (docs/decisions/135-contract-beside-the-capability.md): the shared
  // primitives (api/contract/) import only zod and each other; a feature's contract (its contract/ folder)
  // imports only zod, the shared primitives, its own folder, another feature's contract/index.ts and,
  // type-only, the models. Never a feature's internals, the platform or another feature's index.ts.
  {
    files: ['api/contract/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ regex: '^(?!zod(/|$)|\\./)', message: 'api/contract/ imports only zod and its own files (decision 135).' }] }],
    },
  },
  {
    files: ['api/features/*/contract/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(?!zod(/|$)|\\./|\\.\\./\\.\\./\\.\\./contract/|\\.\\./\\.\\./[^./][^/]*/contract/index\\.ts$|\\.\\./\\.\\./\\.\\./models/)',
              message:
                'A feature’s contract imports only zod, api/contract/, its own folder, another feature’s contract/index.ts and (type-only) api/models/: its internals import it, not the reverse (decision 135).',
            },
            { regex: '^\\.\\./\\.\\./\\.\\./models/', allowTypeImports: true, message: 'A contract imports the models type-only (decision 135).' },
          ],
        },
      ],
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
