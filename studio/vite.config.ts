import { fileURLToPath, URL } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// Built into the gateway package, which serves it at /_/ (gateway/studio/routes.py).
export default defineConfig({
  base: '/_/',
  plugins: [react()],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  build: { outDir: fileURLToPath(new URL('../gateway/studio/dist', import.meta.url)), emptyOutDir: true },
});
