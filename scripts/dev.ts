/**
 * `npm run dev`: the reference server (API on :8080, or API_PORT) and Vite's dev server with hot
 * reload (:5173), which proxies /api to it. Ctrl-C stops both.
 */
import { spawn, type ChildProcess } from 'node:child_process';

const apiPort = process.env.API_PORT ?? '8080';
const children: ChildProcess[] = [
  spawn('node', ['--import', 'tsx', '--watch', 'server/main.ts'], {
    stdio: 'inherit',
    env: {
      ...process.env,
      PORT: apiPort,
      STATIC_DIR: '/nonexistent',
      // Links in development e-mails point at the dev portal (server/http/public-url.ts).
      DEV_PORTAL_ORIGIN: 'http://localhost:5173,http://127.0.0.1:5173',
    },
  }),
  spawn('npx', ['vite', '--host', '127.0.0.1'], {
    stdio: 'inherit',
    env: { ...process.env, API_PORT: apiPort },
  }),
];

const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) {
  child.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  });
}
