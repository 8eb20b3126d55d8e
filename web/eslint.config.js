import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// Paths below are relative to this folder, wherever eslint is started from.
const basePath = fileURLToPath(new URL('.', import.meta.url));

const features = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

// A feature may use its own files, and of another feature only what that feature's index.ts exports.
const featureBoundaries = features.map((feature) => ({
  target: `./src/features/${feature}`,
  from: './src/features',
  except: features.map((other) => (other === feature ? `./${other}` : `./${other}/index.ts`)),
  message: 'Import another feature only through its index.ts.',
}));

// Shared code (ui, layouts, lib, config) serves the features and the app, never the other way round.
const sharedBoundaries = ['./src/components', './src/lib', './src/config'].map((target) => ({
  target,
  from: ['./src/features', './src/app'],
  message: 'Shared code must not depend on features or the app.',
}));

export default defineConfig(
  globalIgnores(['dist', 'node_modules']),
  {
    files: ['**/*.{ts,tsx}'],
    extends: [js.configs.recommended, tseslint.configs.recommended, reactHooks.configs.flat.recommended],
    languageOptions: { ecmaVersion: 2022, globals: { ...globals.browser } },
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver-next': [createTypeScriptImportResolver({ project: `${basePath}tsconfig.app.json` })] },
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath, zones: [...featureBoundaries, ...sharedBoundaries] }],
      // Leaving a key out of a copy is written `const { key: _key, ...rest } = value`.
      '@typescript-eslint/no-unused-vars': ['error', { ignoreRestSiblings: true }],
    },
  },
  {
    files: ['src/**/*.test.{ts,tsx}', 'src/testing/**'],
    languageOptions: { globals: { ...globals.vitest } },
  },
  {
    files: ['*.{js,ts}', 'scripts/**'],
    languageOptions: { globals: { ...globals.node } },
  },
);
