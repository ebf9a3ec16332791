/**
 * Production starts with no demo organization (their password is published), refuses SEED_DEMO=1,
 * and `npm run org:create` is the way in: it creates an organization whose first administrator sets
 * a password through the printed link and signs in (docs/decisions/015-sign-in-security.md). Real
 * processes: the server as `npm run serve` starts it, the command as `npm run org:create` runs it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { DEMO_PASSWORD, DEMO_SIGN_INS } from '../seed/seed';
import { FakeStripe } from '../test-support/fake-stripe';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'portal-production-start-'));
const PUBLIC_URL = 'https://portal.example.test';
const PRODUCTION_ENV: Record<string, string> = {
  NODE_ENV: 'production',
  PUBLIC_URL,
  DATA_DIR: dataDir,
  PORT: '0',
  HOST: '127.0.0.1',
  STATIC_DIR: path.join(dataDir, 'no-portal'),
  // The embedded database in DATA_DIR, also under `npm run test:postgres` (which sets DATABASE_URL).
  DATABASE_URL: '',
};

// Production needs SMTP (SMTP_URL): a real SMTP server in this process receives what is sent.
const mails: ParsedMail[] = [];
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, _session, callback) {
    simpleParser(stream).then(
      (mail) => {
        mails.push(mail);
        callback();
      },
      (error: Error) => callback(error),
    );
  },
});
beforeAll(async () => {
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  PRODUCTION_ENV.SMTP_URL = `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`;
  PRODUCTION_ENV.MAIL_FROM = 'Example Portal <no-reply@portal.example.test>';
});

afterAll(async () => {
  rmSync(dataDir, { recursive: true, force: true });
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

function runNode(args: string[], env: Record<string, string>): Promise<Run> {
  return new Promise((resolve) => {
    const child = spawn('node', ['--import', 'tsx', ...args], {
      cwd: ROOT,
      env: { ...process.env, ...env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

interface Server {
  url: string;
  output: () => string;
  stop: () => Promise<number | null>;
}

function startServer(env: Record<string, string>): Promise<Server> {
  return new Promise((resolve, reject) => {
    const child: ChildProcess = spawn('node', ['--import', 'tsx', 'server/main.ts'], {
      cwd: ROOT,
      env: { ...process.env, ...env },
    });
    let output = '';
    const onData = (d: Buffer) => {
      output += d.toString();
      const ready = /Admin portal ready at (http:\/\/\S+)/.exec(output);
      if (ready) {
        resolve({
          url: ready[1]!,
          output: () => output,
          stop: () =>
            new Promise((done) => {
              child.once('exit', (code) => done(code));
              child.kill('SIGTERM');
            }),
        });
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => reject(new Error(`server exited (${code}):\n${output}`)));
  });
}

async function api(url: string, method: string, pathname: string, body?: unknown, cookie?: string) {
  const res = await fetch(`${url}/api${pathname}`, {
    method,
    headers: {
      'x-requested-with': 'portal',
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(cookie ? { cookie } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { res, status: res.status, data: text ? JSON.parse(text) : undefined };
}

describe('production', () => {
  it('refuses SEED_DEMO=1 with one clear line', async () => {
    const run = await runNode(['server/main.ts'], { ...PRODUCTION_ENV, SEED_DEMO: '1' });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('[config] SEED_DEMO=1 is refused with NODE_ENV=production');
  }, 60_000);

  it('refuses to start without SMTP_URL, with one line naming the variable', async () => {
    const run = await runNode(['server/main.ts'], { ...PRODUCTION_ENV, SMTP_URL: '' });
    expect(run.code).toBe(1);
    const lines = run.stderr.split('\n').filter((line) => line.includes('[config]'));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^\[config\] SMTP_URL is not set: production needs an SMTP server/);
  }, 60_000);

  it('starts on an empty database with no organization; org:create makes one whose admin sets a password and signs in', async () => {
    const first = await startServer(PRODUCTION_ENV);
    try {
      expect(first.output()).toContain('no demo data (production)');
      expect(first.output()).not.toContain(DEMO_PASSWORD);
      for (const slug of new Set(DEMO_SIGN_INS.map((d) => d.org))) {
        expect((await api(first.url, 'POST', '/orgs/lookup', { slug })).status).toBe(404);
      }
      for (const demo of DEMO_SIGN_INS.filter((d) => d.password)) {
        const r = await api(first.url, 'POST', '/login', {
          email: demo.email,
          password: DEMO_PASSWORD,
        });
        expect(r.status).toBe(401);
      }
      expect((await api(first.url, 'GET', '/dev/outbox')).status).toBe(404);
      // No development OpenID Provider: its discovery document and sign-in pages are not there.
      for (const p of [
        '/dev/idp/.well-known/openid-configuration',
        '/dev/idp/jwks',
        '/dev/idp/auth',
      ]) {
        expect((await api(first.url, 'GET', p)).status, p).toBe(404);
      }
      expect(first.output()).not.toContain('Development OpenID Provider');

      // The embedded database serves one process: the command refuses while the server runs.
      const busy = await runNode(
        [
          'server/orgs/org-create-cli.ts',
          '--name',
          'Example Corp',
          '--admin-email',
          'it@example.com',
        ],
        PRODUCTION_ENV,
      );
      expect(busy.code).toBe(1);
      expect(busy.stderr).toContain('is in use by another process');
    } finally {
      expect(await first.stop()).toBe(0);
    }

    const created = await runNode(
      [
        'server/orgs/org-create-cli.ts',
        '--name',
        'Example Corp',
        '--admin-email',
        'IT@Example.com',
        '--admin-name',
        'Ida Tech',
      ],
      PRODUCTION_ENV,
    );
    expect(created.code, created.stderr).toBe(0);
    expect(created.stdout).toContain(
      'Created organization Example Corp (lookup name: examplecorp).',
    );
    const link = new RegExp(`${PUBLIC_URL}/update-password/([A-Za-z0-9_-]{43})`).exec(
      created.stdout,
    );
    expect(link).not.toBeNull();

    const second = await startServer(PRODUCTION_ENV);
    let stream: ReadableStreamDefaultReader<Uint8Array> | null = null;
    try {
      expect(
        (await api(second.url, 'POST', '/orgs/lookup', { slug: 'Example Corp' })).data,
      ).toEqual({
        sso: false,
        hasSSO: false,
      });
      const password = 'Chosen-Passw0rd!';
      const set = await api(second.url, 'POST', '/update-password', {
        requestToken: link![1],
        password,
      });
      expect(set.status).toBe(200);
      // Single use.
      const reuse = await api(second.url, 'POST', '/update-password', {
        requestToken: link![1],
        password,
      });
      expect(reuse.status).toBe(400);

      const login = await api(second.url, 'POST', '/login', { email: 'it@example.com', password });
      expect(login.status).toBe(200);
      const cookieHeader = login.res.headers.get('set-cookie') ?? '';
      expect(cookieHeader).toMatch(/^__Host-portal_session=/);
      const cookie = cookieHeader.split(';')[0]!;
      const session = await api(second.url, 'GET', '/session', undefined, cookie);
      expect(session.data.user).toEqual({ name: 'Ida Tech', email: 'it@example.com' });
      expect(session.data.organization).toMatchObject({
        name: 'Example Corp',
        slug: 'examplecorp',
      });
      // A new organization has no plan yet: the portal leads to the trial welcome.
      expect(session.data.error?.type).toBe('update-payment');

      // org:create queued the link's e-mail; this server's workers sent it over SMTP.
      for (let i = 0; i < 100 && mails.length === 0; i++) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(mails.map((m) => m.subject)).toEqual(['Your admin portal account for Example Corp']);
      expect(mails[0]?.text).toContain(`${PUBLIC_URL}/update-password/${link![1]}`);
      expect(mails[0]?.html).toContain(`${PUBLIC_URL}/update-password/${link![1]}`);
      expect(mails[0]?.messageId).toMatch(/@portal\.example\.test>$/);
      expect(second.output()).not.toContain(link![1]);

      // The live console's event stream (docs/decisions/052-live-console.md) is open at shutdown.
      const events = await fetch(`${second.url}/api/events`, { headers: { cookie } });
      expect(events.status).toBe(200);
      stream = events.body!.getReader();
      expect(new TextDecoder().decode((await stream.read()).value)).toContain('event: ready');
    } finally {
      // SIGTERM ends open streams first: a clean exit, well before the 10 s forced one.
      const stopping = Date.now();
      expect(await second.stop()).toBe(0);
      expect(Date.now() - stopping).toBeLessThan(5000);
      if (stream) expect((await stream.read()).done).toBe(true);
    }
  }, 180_000);
});

describe('Stripe settings at start', () => {
  const stripeEnv = {
    STRIPE_SECRET_KEY: 'sk_test_51StartCheckKeyNeverPrinted',
    STRIPE_WEBHOOK_SECRET: 'whsec_StartCheckSecretNeverPrinted',
    STRIPE_PRICE_ID: 'price_1StartCheck',
    VITE_STRIPE_PUBLISHABLE_KEY: 'pk_test_51StartCheckPublishable',
  };

  it('a publishable key without the secret key stops the start with one line', async () => {
    const run = await runNode(['server/main.ts'], {
      ...PRODUCTION_ENV,
      VITE_STRIPE_PUBLISHABLE_KEY: stripeEnv.VITE_STRIPE_PUBLISHABLE_KEY,
      STRIPE_SECRET_KEY: '',
    });
    expect(run.code).toBe(1);
    expect(run.stderr.trim().split('\n')).toEqual([
      expect.stringMatching(
        /^\[config\] VITE_STRIPE_PUBLISHABLE_KEY is set but STRIPE_SECRET_KEY is not/,
      ),
    ]);
  }, 60_000);

  it('with every setting, billing runs on Stripe and no key is printed', async () => {
    const fake = new FakeStripe(stripeEnv.STRIPE_SECRET_KEY, stripeEnv.STRIPE_PRICE_ID);
    const api0 = await fake.start();
    const dir = mkdtempSync(path.join(os.tmpdir(), 'portal-stripe-start-'));
    const env = {
      ...stripeEnv,
      STRIPE_API_BASE: `http://${api0.host}:${api0.port}`,
      NODE_ENV: 'development',
      SEED_DEMO: '0',
      DATA_DIR: dir,
      PORT: '0',
      HOST: '127.0.0.1',
      STATIC_DIR: path.join(dir, 'no-portal'),
      DATABASE_URL: '',
      PUBLIC_URL: '',
    };
    // An organization of its own, without a plan (made before the start: one process per
    // embedded database); its administrator's password is set through the emailed link.
    const created = await runNode(
      ['server/orgs/org-create-cli.ts', '--name', 'Freshco', '--admin-email', 'it@freshco.test'],
      env,
    );
    expect(created.code, created.stderr).toBe(0);
    const link = /\/update-password\/([A-Za-z0-9_-]{43})/.exec(created.stdout);
    expect(link).not.toBeNull();
    const server = await startServer(env);
    try {
      // Printed just after the ready line.
      for (let i = 0; i < 50 && !server.output().includes('Billing:'); i++) {
        await new Promise((r) => setTimeout(r, 100));
      }
      expect(server.output()).toContain('Billing: Stripe (test mode)');
      const password = 'Chosen-Passw0rd!';
      const set = await api(server.url, 'POST', '/update-password', {
        requestToken: link![1],
        password,
      });
      expect(set.status).toBe(200);
      const login = await api(server.url, 'POST', '/login', { email: 'it@freshco.test', password });
      expect(login.status).toBe(200);
      const cookie = (login.res.headers.get('set-cookie') ?? '').split(';')[0]!;
      const key = await api(server.url, 'GET', '/customer-billing-update-key', undefined, cookie);
      expect(key.data.clientSecret).toMatch(/^seti_\w+_secret_\w+$/);
      expect(fake.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
        'POST /v1/customers',
        'POST /v1/setup_intents',
      ]);
      for (const secret of [stripeEnv.STRIPE_SECRET_KEY, stripeEnv.STRIPE_WEBHOOK_SECRET]) {
        expect(server.output()).not.toContain(secret);
      }
    } finally {
      expect(await server.stop()).toBe(0);
      await fake.close();
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
