import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      'dist/',
      'data/',
      '.data/',
      'knowledge/',
      'node_modules/',
      '.tmp/',
      'coverage/',
      'vendor/swisseph-wasm/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: globals.node },
    rules: {
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(fs|path|os|crypto|http|net|child_process|util|zlib|url|events|stream)(/.*)?$',
              message: 'Use the node: protocol.',
            },
          ],
        },
      ],
    },
  },
  { files: ['src/**/*.ts', 'src/**/*.js'], rules: { 'no-console': 'error' } },
  // oidc-provider's values load through src/oauth/library.ts, which holds back its plain-text
  // runtime line (a value import loaded first would print it among the JSON log lines).
  {
    files: ['src/**/*.ts'],
    ignores: ['src/oauth/library.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'oidc-provider',
              allowTypeImports: true,
              message: "Import its values from src/oauth/library.ts ('./library.js').",
            },
          ],
        },
      ],
    },
  },
  // Browser scripts the service serves as files (type-checked by tsconfig.browser.json).
  { files: ['src/reference/*.js'], languageOptions: { globals: globals.browser, sourceType: 'module' } },
  // The MCP App's browser entry (bundled by scripts/build-app.ts, type-checked by tsconfig.view.json).
  { files: ['src/view/main.ts'], languageOptions: { globals: globals.browser } },
);
