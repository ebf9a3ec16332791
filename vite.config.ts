/// <reference types="vitest/config" />
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';
import pkg from './package.json' with { type: 'json' };

const r = (p: string) => fileURLToPath(new URL(p, import.meta.url));

/** Modules of the app shell: the frame, routing, API client, session and the sign-in widgets. */
const SHELL = [
  /node_modules[\\/](react|react-dom|scheduler|wouter|regexparam|clsx|tailwind-merge|class-variance-authority)[\\/]/,
  /node_modules[\\/]@radix-ui[\\/]react-(slot|compose-refs)[\\/]/,
  /[\\/]ui[\\/]lib[\\/]/,
  /[\\/]ui[\\/]primitives[\\/](icons|button|link|text-field|password-field|auth-card|banner|spinner|page-frame|visually-hidden)[\\/]/,
  /[\\/]ui[\\/]primitives[\\/]toaster[\\/]toaster-store\.ts$/,
  /[\\/]app[\\/](routing|config\.ts|messages|session|api|analytics|privacy|errors|frame)/,
  /[\\/]app[\\/]auth[\\/]sign-in-rules\.ts$/,
  /[\\/]contract[\\/]errors\.ts$/,
  /[\\/]domain[\\/]accounts\.ts$/,
];
const isShellModule = (id: string) => SHELL.some((re) => re.test(id));

export default defineConfig({
  plugins: [react(), tailwindcss()],
  define: {
    __APP_VERSION__: JSON.stringify(pkg.version),
  },
  resolve: {
    alias: {
      '@ui': r('./ui'),
      '@domain': r('./domain'),
      '@contract': r('./contract'),
      '@app': r('./app'),
    },
  },
  build: {
    outDir: 'dist',
    sourcemap: true,
    target: 'es2022',
    rolldownOptions: {
      output: {
        // The app shell (what every first load needs, signed in or out) in one chunk instead of
        // twenty small ones: each chunk compresses on its own, and the split cost ~4 KB gzip of
        // the 100 KB first-load budget (README, 'Performance'). Screens and their own widgets stay
        // lazy chunks.
        codeSplitting: { groups: [{ name: 'shell', test: isShellModule }] },
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: `http://127.0.0.1:${process.env.API_PORT ?? 8080}`, changeOrigin: false },
    },
  },
  test: {
    include: ['{domain,ui,contract,app,server,tests/unit}/**/*.test.{ts,tsx}'],
    environment: 'node',
    // Server tests run a real (WASM) PostgreSQL; on a busy 2-core machine a test can take seconds.
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // One test process per core. Vitest's default leaves a core to its main process (cores - 1:
    // a single worker on a 2-core machine), which only collects results; the server tests are
    // CPU-bound, so two workers ran 8 server test files in 122 s instead of 228 s here.
    maxWorkers: availableParallelism(),
  },
});
