/// <reference types="vitest/config" />
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';
import pkg from './package.json' with { type: 'json' };

const r = (p: string) => fileURLToPath(new URL(p, import.meta.url));

export default defineConfig({
  plugins: [react(), tailwindcss()],
  define: {
    __APP_VERSION__: JSON.stringify(pkg.version),
  },
  resolve: {
    alias: {
      '@ui': r('./ui'),
      '@contract': r('./contract'),
      '@app': r('./app'),
    },
  },
  build: {
    outDir: 'dist',
    sourcemap: true,
    target: 'es2022',
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: `http://127.0.0.1:${process.env.API_PORT ?? 8080}`, changeOrigin: false },
    },
  },
  test: {
    include: ['{ui,contract,app,server,tests/unit}/**/*.test.{ts,tsx}'],
    environment: 'node',
    // Server tests run a real (WASM) PostgreSQL; on a busy 2-core machine a test can take seconds.
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
