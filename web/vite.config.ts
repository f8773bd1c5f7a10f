// The console's build: one bundle per page group, hashed names under assets/, no inline
// script (the gateway's Content-Security-Policy allows only 'self').
import preact from '@preact/preset-vite';
import { defineConfig } from 'vite';

export default defineConfig({
  root: new URL('.', import.meta.url).pathname,
  base: '/',
  plugins: [preact()],
  build: {
    outDir: new URL('../dist/web', import.meta.url).pathname,
    emptyOutDir: true,
    assetsInlineLimit: 0,
    modulePreload: { polyfill: false },
    sourcemap: false,
  },
  logLevel: 'warn',
});
