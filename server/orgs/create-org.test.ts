import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../test-support';
import { makeOrg } from '../test-support/factories';
import { createOrganization, CreateOrgError, validateCreateOrgInput } from './create-org';

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp();
  await makeOrg(t, { name: 'Taken', admin: { email: 'admin@taken.test' } });
}, 60_000);
afterAll(() => t.close());

const HOUR = 60 * 60 * 1000;

describe('org:create', () => {
  it('derives the lookup name like the lookup screen and checks its input', () => {
    expect(
      validateCreateOrgInput({ name: ' Example Corp ', adminEmail: ' IT@Example.COM ' }),
    ).toEqual({
      name: 'Example Corp',
      slug: 'examplecorp',
      adminEmail: 'it@example.com',
      adminName: 'it',
    });
    expect(() => validateCreateOrgInput({ name: 'Acme, Inc.', adminEmail: 'a@b.cd' })).toThrow(
      /--slug/,
    );
    expect(
      validateCreateOrgInput({ name: 'Acme, Inc.', adminEmail: 'a@b.cd', slug: 'acme-inc' }).slug,
    ).toBe('acme-inc');
    expect(() => validateCreateOrgInput({ name: ' ', adminEmail: 'a@b.cd' })).toThrow(
      CreateOrgError,
    );
    expect(() => validateCreateOrgInput({ name: 'X', adminEmail: 'not-an-address' })).toThrow(
      /--admin-email/,
    );
  });

  it('creates the organization and a pending administrator whose link works once, for 24 hours', async () => {
    const created = await createOrganization(
      t.db,
      { name: 'Ledger Labs', adminEmail: 'boss@ledger.test', adminName: 'Lee Ledger' },
      t.clock.now(),
    );
    expect(created.org.slug).toBe('ledgerlabs');
    expect(created.admin).toMatchObject({
      email: 'boss@ledger.test',
      inviteAccepted: false,
      passwordHash: null,
    });
    expect(created.expiresAt.getTime() - t.clock.now().getTime()).toBe(24 * HOUR);

    // Before the password: the same answer as any failed sign-in.
    const early = await t.call('POST', '/api/login', {
      json: { email: 'boss@ledger.test', password: 'Ledger-Passw0rd!' },
    });
    expect(early.status).toBe(401);

    t.clock.advance(24 * HOUR - 1000);
    const set = await t.call('POST', '/api/update-password', {
      json: { requestToken: created.token, password: 'Ledger-Passw0rd!' },
    });
    expect(set.status).toBe(200);
    const cookie = await t.signIn('boss@ledger.test', 'Ledger-Passw0rd!');
    const session = await t.call('GET', '/api/session', { cookie });
    expect(session.data.organization.name).toBe('Ledger Labs');
    expect(session.data.error.type).toBe('update-payment');
  });

  it('the link expires after 24 hours', async () => {
    const created = await createOrganization(
      t.db,
      { name: 'Late Co', adminEmail: 'late@late.test' },
      t.clock.now(),
    );
    t.clock.advance(24 * HOUR + 1000);
    const set = await t.call('POST', '/api/update-password', {
      json: { requestToken: created.token, password: 'Late-Passw0rd!' },
    });
    expect(set.status).toBe(400);
  });

  it('refuses a taken lookup name or administrator address, leaving nothing behind', async () => {
    await expect(
      createOrganization(t.db, { name: 'Taken', adminEmail: 'new@taken-two.test' }, t.clock.now()),
    ).rejects.toThrow(/lookup name "taken" exists already/);
    await expect(
      createOrganization(t.db, { name: 'Fresh Co', adminEmail: 'admin@taken.test' }, t.clock.now()),
    ).rejects.toThrow(/admin@taken\.test is already an administrator/);
    // The organization of the failed attempt was rolled back with it.
    const lookup = await t.call('POST', '/api/orgs/lookup', { json: { slug: 'freshco' } });
    expect(lookup.status).toBe(404);
  });
});
