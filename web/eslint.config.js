import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const features = readdirSync('src/features', { withFileTypes: true })
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

export default tseslint.config(
  { ignores: ['dist', 'node_modules'] },
  {
    files: ['**/*.{ts,tsx}'],
    extends: [js.configs.recommended, ...tseslint.configs.recommended, reactHooks.configs.flat.recommended],
    languageOptions: { ecmaVersion: 2022, globals: { ...globals.browser } },
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.app.json' })] },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: [...featureBoundaries, ...sharedBoundaries] }],
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
