/**
 * Server tests make their own data (docs/decisions/022-databases-and-test-data.md, "Tests make
 * their own data"): outside server/seed/, no test may open the demo seed, import its sign-ins or
 * name the demo organizations' slugs, e-mail domains or password. Changing the demo data then
 * breaks no server test but the seed's own.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SERVER = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const SELF = 'checks/no-demo-data.test.ts';

/** What reads the demo seed: its option, its sign-ins module, its slugs, domains and password. */
const DEMO_SLUGS = ['acme', 'globex', 'initech', 'newco'];
const FORBIDDEN: Array<[what: string, pattern: RegExp]> = [
  ["createTestApp({ seed: 'demo' })", /seed:\s*'demo'/],
  // The interim module of demo sign-ins the tests used while they moved (deleted since).
  ['the demo sign-ins (test-support/legacy-demo)', /legacy-demo/],
  ['the demo password', new RegExp(['Portal', 'Demo', '1!'].join('-'))],
  ...DEMO_SLUGS.map((slug): [string, RegExp] => [
    `@${slug}.test`,
    new RegExp(`@${slug}\\.test`, 'i'),
  ]),
  ...DEMO_SLUGS.map((slug): [string, RegExp] => [
    `the slug '${slug}'`,
    new RegExp(`['"\`=]${slug}['"\`&]`),
  ]),
  ['an import of server/seed/', /from '(\.\.\/)+seed\//],
];

/** Where production-start.test.ts may name the seed: it proves production has none of it. */
const EXEMPT = ['checks/production-start.test.ts'];

function serverTests(dir = SERVER): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'seed' ? [] : serverTests(full);
    return entry.name.endsWith('.test.ts') ? [path.relative(SERVER, full)] : [];
  });
}

function demoReadsOf(file: string): string[] {
  const text = readFileSync(path.join(SERVER, file), 'utf8');
  return FORBIDDEN.filter(([, pattern]) => pattern.test(text)).map(([what]) => what);
}

describe('server tests outside server/seed/', () => {
  const files = serverTests()
    .map((file) => file.split(path.sep).join('/'))
    .filter((file) => file !== SELF && !EXEMPT.includes(file));

  it('finds the tests it checks', () => {
    expect(files.length).toBeGreaterThan(20);
    expect(files).toContain('checks/cross-org.test.ts');
  });

  it('make their own data and never read the demo seed', () => {
    const offenders = files
      .map((file) => [file, demoReadsOf(file)] as const)
      .filter(([, reads]) => reads.length > 0)
      .map(([file, reads]) => `${file}: ${reads.join(', ')}`);
    expect(offenders, 'use server/test-support/factories.ts (makeOrg) instead').toEqual([]);
  });

  it('the check itself recognises a demo read', () => {
    const sample = `const t = await createTestApp({ seed: 'demo' }); await t.signIn('admin@acme.test', 'x');`;
    expect(FORBIDDEN.filter(([, p]) => p.test(sample)).map(([what]) => what)).toEqual([
      "createTestApp({ seed: 'demo' })",
      '@acme.test',
    ]);
    expect(FORBIDDEN.some(([, p]) => p.test(`{ slug: 'acme' }`))).toBe(true);
    expect(FORBIDDEN.some(([, p]) => p.test(`{ slug: 'acme-two' }`))).toBe(false);
  });
});
