import { describe, expect, it } from 'vitest';
import { listAlerts } from '@contract/alerts';
import { listDevices } from '@contract/devices';
import { getEmailTemplate } from '@contract/notifications';
import { lookupOrg } from '@contract/orgs';
import { listSsoGroups } from '@contract/sso';
import { getWebhook } from '@contract/webhook';
import { isKeyOf, keyParams, swrKey, withoutParams } from './swr-key';

describe('swrKey', () => {
  it('is the request line of the read', () => {
    expect(swrKey(getWebhook)).toBe('GET /orgs/webhook');
    expect(swrKey(getEmailTemplate, { type: 'OrgEnrollment' })).toBe(
      'GET /orgs/email-template?type=OrgEnrollment',
    );
  });

  it('names the same read the same way whatever the order of its parameters', () => {
    const a = swrKey(listDevices, { page: 2, pageSize: 50, severity: ['warning', 'critical'] });
    const b = swrKey(listDevices, { severity: ['warning', 'critical'], pageSize: 50, page: 2 });
    expect(a).toBe(b);
    expect(a).toBe('GET /orgs?page=2&pageSize=50&severity=warning&severity=critical');
  });

  it('leaves out empty parameters, as the URL does', () => {
    expect(swrKey(listAlerts, { page: 1, pageSize: 20, status: undefined })).toBe(
      'GET /alerts?page=1&pageSize=20',
    );
  });

  it('tells reads sent as POST apart by their body', () => {
    expect(swrKey(lookupOrg, { slug: 'acme' })).toBe('POST /orgs/lookup?slug=acme');
    expect(swrKey(lookupOrg, { slug: 'globex' })).not.toBe(swrKey(lookupOrg, { slug: 'acme' }));
  });
});

describe('isKeyOf', () => {
  it('matches every key of the endpoint and nothing else', () => {
    const alerts = isKeyOf(listAlerts);
    expect(alerts(swrKey(listAlerts, { page: 3, pageSize: 50, status: 'open' }))).toBe(true);
    expect(alerts(swrKey(listAlerts))).toBe(true);
    expect(alerts(swrKey(listDevices, { page: 1 }))).toBe(false);
    expect(alerts('GET /alertsX')).toBe(false);
    expect(alerts(['GET /alerts'])).toBe(false);
  });
});

describe('withoutParams', () => {
  it('keeps what the pages of one list share', () => {
    const page2 = swrKey(listDevices, { page: 2, pageSize: 50, enrolled: true });
    const page7 = swrKey(listDevices, { page: 7, pageSize: 50, enrolled: true });
    expect(withoutParams(page2, ['page'])).toBe('GET /orgs?enrolled=true&pageSize=50');
    expect(withoutParams(page2, ['page'])).toBe(withoutParams(page7, ['page']));
    expect(withoutParams(swrKey(listDevices, { page: 1 }), ['page'])).toBe('GET /orgs');
    expect(withoutParams('GET /orgs/webhook', ['page'])).toBe('GET /orgs/webhook');
  });
});

describe('keyParams', () => {
  it('reads back the parameters a key was made with', () => {
    const key = swrKey(listSsoGroups, { searchQuery: 'eng & ops', nextPage: 'abc=' });
    expect(keyParams(key).get('searchQuery')).toBe('eng & ops');
    expect(keyParams(key).get('nextPage')).toBe('abc=');
    expect([...keyParams(swrKey(listSsoGroups))]).toEqual([]);
  });
});
