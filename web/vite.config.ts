// The console's build: one bundle per page group, hashed names under assets/, no inline
// script (the gateway's Content-Security-Policy allows only 'self'). JSX compiles with
// Vite's own transform (automatic runtime from preact): no Babel, no preset plugin.
import { defineConfig } from 'vite';

export default defineConfig({
  root: new URL('.', import.meta.url).pathname,
  base: '/',
  esbuild: { jsx: 'automatic', jsxImportSource: 'preact' },
  build: {
    outDir: new URL('../dist/web', import.meta.url).pathname,
    emptyOutDir: true,
    assetsInlineLimit: 0,
    modulePreload: { polyfill: false },
    sourcemap: false,
  },
  logLevel: 'warn',
});
