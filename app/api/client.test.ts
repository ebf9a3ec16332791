import { describe, expect, it, vi } from 'vitest';
import { getSession, login } from '@contract/session';
import { createSessionStore } from '../session/session-store';
import { sessions } from '@contract/fixtures/sessions';
import { ApiError, buildQuery, createApiClient, isApiFailure, serverMessages } from './client';
import { createUnauthorizedHandler } from './unauthorized';

const jsonResponse = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function setup(status: number, body: unknown) {
  const fetch = vi.fn(async () => jsonResponse(status, body));
  const session = createSessionStore(undefined);
  session.dispatch({ type: 'FetchSessionData', session: sessions.acme });
  const navigate = vi.fn();
  const notify = vi.fn();
  const onUnauthorized = createUnauthorizedHandler({
    session,
    navigate,
    notify,
    message: 'You are no longer logged in',
  });
  const onMessages = vi.fn();
  const client = createApiClient({ baseUrl: '/api', fetch, onUnauthorized, onMessages });
  return { client, fetch, session, navigate, notify, onMessages };
}

describe('the 401 rule', () => {
  it('clears the session, goes to /look-up and says so, on a call that needs a session', async () => {
    const t = setup(401, { error: 'Not signed in' });
    await expect(t.client.call(getSession)).rejects.toBeInstanceOf(ApiError);
    expect(t.session.get()).toBeNull();
    expect(t.navigate).toHaveBeenCalledWith('/look-up', { replace: true });
    expect(t.notify).toHaveBeenCalledWith('You are no longer logged in');
  });

  it('says it once when several calls fail together', async () => {
    const t = setup(401, {});
    await Promise.allSettled([t.client.call(getSession), t.client.call(getSession)]);
    expect(t.notify).toHaveBeenCalledTimes(1);
  });

  it('does not apply to public calls such as a failed sign-in', async () => {
    const t = setup(401, { error: 'Incorrect email or password.' });
    const error = await t.client
      .call(login, { body: { email: 'a@b.co', password: 'x' } })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).messages).toEqual([
      { kind: 'error', text: 'Incorrect email or password.' },
    ]);
    expect(t.session.get()).not.toBeNull();
    expect(t.navigate).not.toHaveBeenCalled();
  });

  it('does not apply to other failures', async () => {
    const t = setup(500, { error: 'boom' });
    await expect(t.client.call(getSession)).rejects.toMatchObject({ status: 500 });
    expect(t.session.get()).not.toBeNull();
  });
});

describe('the API client', () => {
  it('sends JSON with credentials, and no-cache headers on GET only', async () => {
    const t = setup(200, sessions.acme);
    await t.client.call(getSession);
    const [url, init] = t.fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/session');
    expect(init.credentials).toBe('include');
    expect((init.headers as Record<string, string>)['Cache-Control']).toBe('no-cache');

    const u = setup(200, sessions.acme);
    await u.client.call(login, { body: { email: 'a@b.co', password: 'x' } });
    const [, postInit] = u.fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect((postInit.headers as Record<string, string>)['Cache-Control']).toBeUndefined();
    expect((postInit.headers as Record<string, string>)['Content-Type']).toBe('application/json');
    expect(postInit.body).toBe(JSON.stringify({ email: 'a@b.co', password: 'x' }));
  });

  it('rejects an answer that breaks the contract', async () => {
    const t = setup(200, { user: 'nope' });
    await expect(t.client.call(getSession)).rejects.toThrow(/Unexpected answer/);
  });
});

describe('failures the portal expects, and bugs', () => {
  it('a failure status is an API failure', async () => {
    const error = await setup(500, { error: 'boom' })
      .client.call(getSession)
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 500, kind: 'status' });
    expect(isApiFailure(error)).toBe(true);
  });

  it('no answer at all (offline) is an API failure with status 0, not a bug', async () => {
    const offline = new TypeError('Failed to fetch');
    const client = createApiClient({
      baseUrl: '/api',
      fetch: vi.fn(async () => Promise.reject(offline)),
    });
    const error = await client.call(getSession).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 0, kind: 'network', cause: offline });
    expect(isApiFailure(error)).toBe(true);
  });

  it('an aborted call stays an AbortError', async () => {
    const abort = new DOMException('The operation was aborted.', 'AbortError');
    const client = createApiClient({
      baseUrl: '/api',
      fetch: vi.fn(async () => Promise.reject(abort)),
    });
    await expect(client.call(getSession)).rejects.toBe(abort);
  });

  it('an answer that breaks the contract, and anything that is not an ApiError, is a bug', async () => {
    const error = await setup(200, { user: 'nope' })
      .client.call(getSession)
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: 'contract' });
    expect(isApiFailure(error)).toBe(false);
    expect(isApiFailure(new TypeError('x is undefined'))).toBe(false);
    expect(isApiFailure('text')).toBe(false);
  });

  it('hands message fields of a successful answer to the generic handler', async () => {
    const t = setup(200, { ...sessions.acme, info: 'Maintenance tonight' });
    await t.client.call(getSession);
    expect(t.onMessages).toHaveBeenCalledWith([{ kind: 'info', text: 'Maintenance tonight' }]);
  });
});

describe('helpers', () => {
  it('serverMessages reads the four kinds in order and ignores blanks', () => {
    expect(serverMessages({ error: 'e', success: 's', info: ' ', other: 'x' })).toEqual([
      { kind: 'success', text: 's' },
      { kind: 'error', text: 'e' },
    ]);
    expect(serverMessages('text')).toEqual([]);
  });

  it('buildQuery repeats arrays and drops empty values', () => {
    expect(buildQuery({ severity: ['critical', 'secure'], page: 2, enrolled: undefined })).toBe(
      '?severity=critical&severity=secure&page=2',
    );
    expect(buildQuery(undefined)).toBe('');
  });
});

describe('generic handler opt-out', () => {
  it('leaves message fields alone when the screen shows them itself', async () => {
    const onMessages = vi.fn();
    const client = createApiClient({
      baseUrl: '/api',
      fetch: vi.fn(async () =>
        jsonResponse(200, { ...sessions.acme, info: 'shown by the screen' }),
      ),
      onMessages,
    });
    await client.call(getSession, { skipGenericMessages: true });
    expect(onMessages).not.toHaveBeenCalled();
  });
});
