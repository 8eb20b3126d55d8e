import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const features = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

// A feature may use its own files, and of another feature only what that feature's index.ts exports
// (features import each other through the `@/` alias, as everything in src does).
const featureBoundaries = features.map((feature) => ({
  files: [`src/features/${feature}/**`],
  rules: {
    'no-restricted-imports': ['error', {
      patterns: [{
        group: ['@/features/*/*', `!@/features/${feature}/*`],
        message: 'Import another feature only through its index.ts.',
      }],
    }],
  },
}));

// Shared code (ui, layouts, lib, config) serves the features and the app, never the other way round.
const sharedBoundaries = {
  files: ['src/components/**', 'src/lib/**', 'src/config/**'],
  rules: {
    'no-restricted-imports': ['error', {
      patterns: [{ group: ['@/features', '@/features/*', '@/app', '@/app/*'],
        message: 'Shared code must not depend on features or the app.' }],
    }],
  },
};

export default defineConfig(
  globalIgnores(['dist', 'node_modules']),
  {
    files: ['**/*.{ts,tsx}'],
    extends: [js.configs.recommended, tseslint.configs.recommended, reactHooks.configs.flat.recommended],
    languageOptions: { ecmaVersion: 2022, globals: { ...globals.browser } },
    rules: {
      // Leaving a key out of a copy is written `const { key: _key, ...rest } = value`.
      '@typescript-eslint/no-unused-vars': ['error', { ignoreRestSiblings: true }],
    },
  },
  ...featureBoundaries,
  sharedBoundaries,
  {
    files: ['src/**/*.test.{ts,tsx}', 'src/testing/**'],
    languageOptions: { globals: { ...globals.vitest } },
  },
  {
    files: ['*.{js,ts}', 'scripts/**'],
    languageOptions: { globals: { ...globals.node } },
  },
);
