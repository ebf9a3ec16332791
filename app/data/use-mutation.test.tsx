// @vitest-environment happy-dom
import { act, renderHook, waitFor } from '@testing-library/react';
import type * as React from 'react';
import useSWR, { SWRConfig } from 'swr';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/client';
import type * as ErrorReporting from '../errors/error-reporting';
import { messages } from '../messages/messages';
import { useMutation, type MutationDefinition } from './use-mutation';

// The two ways out of the hook that a user or an operator sees: toasts and error reports. The
// classification of failures (isExpectedFailure) is the real one.
const notify = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('../messages/toasts', () => ({ notify }));
const reportError = vi.hoisted(() => vi.fn());
vi.mock('../errors/error-reporting', async (original) => ({
  ...(await original<typeof ErrorReporting>()),
  reportError,
}));

const WEBHOOK = 'GET /orgs/webhook';
const ALERTS_PAGE_1 = 'GET /alerts?page=1';
const ALERTS_PAGE_2 = 'GET /alerts?page=2';

/** Reads of three keys, each counting its fetches; and the mutation under test, in one cache. */
function setup<Arg, Data>(definition: MutationDefinition<Arg, Data, unknown>) {
  const fetches: Record<string, number> = {};
  const fetcher = async (key: string) => {
    fetches[key] = (fetches[key] ?? 0) + 1;
    return { key, fetch: fetches[key] };
  };
  const cache = new Map();
  const wrapper = ({ children }: { children: React.ReactNode }) => (
    <SWRConfig value={{ provider: () => cache, dedupingInterval: 0 }}>{children}</SWRConfig>
  );
  const rendered = renderHook(
    (props: { definition: MutationDefinition<Arg, Data, unknown> }) => ({
      webhook: useSWR(WEBHOOK, fetcher),
      page1: useSWR(ALERTS_PAGE_1, fetcher),
      page2: useSWR(ALERTS_PAGE_2, fetcher),
      mutation: useMutation(props.definition),
    }),
    { wrapper, initialProps: { definition } },
  );
  return { ...rendered, fetches };
}

type Read = { data?: unknown };
async function loaded(result: { current: { webhook: Read; page1: Read; page2: Read } }) {
  await waitFor(() => {
    expect(result.current.webhook.data).toBeDefined();
    expect(result.current.page1.data).toBeDefined();
    expect(result.current.page2.data).toBeDefined();
  });
}

/** A promise the test settles. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

beforeEach(() => {
  vi.clearAllMocks();
});

describe('useMutation: success', () => {
  it('is busy while the change runs, then toasts the catalogued success text', async () => {
    const call = deferred<{ url: string }>();
    const { result } = setup({
      action: 'saveWebhook',
      run: () => call.promise,
      success: messages.webhookSaved,
      failure: messages.saveWebhookFailed,
    });
    expect(result.current.mutation.busy).toBe(false);

    let done!: Promise<unknown>;
    act(() => {
      done = result.current.mutation.trigger(undefined);
    });
    expect(result.current.mutation.busy).toBe(true);
    expect(notify.success).not.toHaveBeenCalled();

    await act(async () => {
      call.resolve({ url: 'https://hooks.example/x' });
      await expect(done).resolves.toEqual({ url: 'https://hooks.example/x' });
    });
    expect(result.current.mutation.busy).toBe(false);
    expect(notify.success).toHaveBeenCalledWith('Successfully saved webhook settings.');
    expect(notify.error).not.toHaveBeenCalled();
    expect(reportError).not.toHaveBeenCalled();
  });

  it('builds the success text from the answer and the argument', async () => {
    const { result } = setup({
      action: 'updateAlerts',
      run: async (ids: string[]) => ({ updated: ids.length }),
      success: (_answer, ids) => messages.alertsUpdated(ids.length),
      failure: messages.updateAlertsFailed,
    });
    await act(() => result.current.mutation.trigger(['a', 'b', 'c']));
    expect(notify.success).toHaveBeenCalledWith('Updated 3 alert(s)');
  });

  it('puts the answer into the read it replaces, without fetching it again', async () => {
    const { result, fetches } = setup({
      action: 'saveWebhook',
      run: async (url: string) => ({ url, secret: 'whsec_x' }),
      populate: { key: WEBHOOK },
      success: messages.webhookSaved,
      failure: messages.saveWebhookFailed,
    });
    await loaded(result);
    await act(() => result.current.mutation.trigger('https://hooks.example/new'));
    expect(result.current.webhook.data).toEqual({
      url: 'https://hooks.example/new',
      secret: 'whsec_x',
    });
    expect(fetches[WEBHOOK]).toBe(1);
  });

  it('transforms the answer when it is not the read’s shape', async () => {
    const { result } = setup({
      action: 'getWebhookSecret',
      run: async () => ({ secret: 'whsec_new' }),
      populate: {
        key: WEBHOOK,
        data: (answer, current) => ({ ...(current as object), secret: answer.secret }),
      },
      failure: messages.webhookSecretFailed,
    });
    await loaded(result);
    await act(() => result.current.mutation.trigger(undefined));
    expect(result.current.webhook.data).toEqual({ key: WEBHOOK, fetch: 1, secret: 'whsec_new' });
  });

  it('fetches again the reads it touched: by key, and every key a matcher accepts', async () => {
    const { result, fetches } = setup({
      action: 'updateAlerts',
      run: async () => ({}),
      revalidate: [WEBHOOK, (key) => typeof key === 'string' && key.startsWith('GET /alerts?')],
      failure: messages.updateAlertsFailed,
    });
    await loaded(result);
    await act(() => result.current.mutation.trigger(undefined));
    expect(fetches).toEqual({ [WEBHOOK]: 2, [ALERTS_PAGE_1]: 2, [ALERTS_PAGE_2]: 2 });
    expect(result.current.page2.data).toEqual({ key: ALERTS_PAGE_2, fetch: 2 });
  });

  it('chooses the reads to fetch again from the answer', async () => {
    const { result, fetches } = setup({
      action: 'saveConditionalAccess',
      run: async (active: boolean) => ({ active }),
      revalidate: (answer) => (answer.active ? [ALERTS_PAGE_1] : []),
      failure: messages.saveConditionalAccessFailed,
    });
    await loaded(result);
    await act(() => result.current.mutation.trigger(false));
    expect(fetches[ALERTS_PAGE_1]).toBe(1);
    await act(() => result.current.mutation.trigger(true));
    expect(fetches[ALERTS_PAGE_1]).toBe(2);
  });

  it('stays busy until the revalidations and onSuccess are done, and runs both callbacks', async () => {
    const after = deferred<void>();
    const order: string[] = [];
    const { result } = setup({
      action: 'cancelPlan',
      run: async () => ({}),
      failure: messages.cancelPlanFailed,
      onSuccess: async () => {
        order.push('definition');
        await after.promise;
      },
    });
    let done!: Promise<unknown>;
    await act(async () => {
      done = result.current.mutation.trigger(undefined, {
        onSuccess: () => void order.push('trigger'),
      });
    });
    expect(result.current.mutation.busy).toBe(true);
    await act(async () => {
      after.resolve();
      await done;
    });
    expect(result.current.mutation.busy).toBe(false);
    expect(order).toEqual(['definition', 'trigger']);
  });
});

describe('useMutation: failure', () => {
  it('an API failure toasts the catalogued failure text and is not reported', async () => {
    const onError = vi.fn();
    const { result, fetches } = setup({
      action: 'revokeApiToken',
      run: async () => Promise.reject(new ApiError(500, { error: 'boom' })),
      revalidate: [WEBHOOK],
      success: messages.apiKeyRevoked,
      failure: messages.revokeApiKeyFailed,
    });
    await loaded(result);
    let answer: unknown = 'unset';
    await act(async () => {
      answer = await result.current.mutation.trigger(undefined, { onError });
    });
    expect(answer).toBeUndefined();
    expect(notify.error).toHaveBeenCalledWith('Failed to revoke API access.');
    expect(notify.success).not.toHaveBeenCalled();
    expect(reportError).not.toHaveBeenCalled();
    expect(onError).toHaveBeenCalledWith(expect.any(ApiError), undefined);
    expect(result.current.mutation.busy).toBe(false);
    expect(result.current.mutation.error).toBeInstanceOf(ApiError);
    expect(fetches[WEBHOOK]).toBe(1);
  });

  it('no answer at all (offline) is an API failure too: shown, not reported', async () => {
    const { result } = setup({
      action: 'addAdmin',
      run: async () => Promise.reject(new ApiError(0, undefined, 'offline', { kind: 'network' })),
      failure: messages.addAdminFailed,
    });
    await act(() => result.current.mutation.trigger(undefined));
    expect(notify.error).toHaveBeenCalledWith('Failed to add admin.');
    expect(reportError).not.toHaveBeenCalled();
  });

  it('a programming error is reported, and the catalogued failure text still shows', async () => {
    const bug = new TypeError("Cannot read properties of undefined (reading 'url')");
    const { result } = setup({
      action: 'saveWebhook',
      run: async () => {
        throw bug;
      },
      success: messages.webhookSaved,
      failure: messages.saveWebhookFailed,
    });
    await act(() => result.current.mutation.trigger(undefined));
    expect(reportError).toHaveBeenCalledTimes(1);
    expect(reportError).toHaveBeenCalledWith(bug, { action: 'saveWebhook' });
    expect(notify.error).toHaveBeenCalledWith('Failed to save webhook settings.');
    expect(notify.success).not.toHaveBeenCalled();
  });

  it('an answer that breaks the contract is a bug: reported', async () => {
    const drift = new ApiError(200, { tokn: 'x' }, 'Unexpected answer from /api/token', {
      kind: 'contract',
    });
    const { result } = setup({
      action: 'generateApiToken',
      run: async () => Promise.reject(drift),
      failure: messages.generateApiKeyFailed,
    });
    await act(() => result.current.mutation.trigger(undefined));
    expect(reportError).toHaveBeenCalledWith(drift, { action: 'generateApiToken' });
    expect(notify.error).toHaveBeenCalledWith('Failed to generate a new API key.');
  });

  it('chooses the failure text from the error; null leaves it to the screen (inline)', async () => {
    const { result } = setup({
      action: 'saveWebhook',
      run: async (status: number) =>
        Promise.reject(new ApiError(status, { error: 'The URL must answer 2xx.' })),
      failure: (error) =>
        error instanceof ApiError && error.status >= 500 ? messages.saveWebhookFailed : null,
    });
    await act(() => result.current.mutation.trigger(400));
    expect(notify.error).not.toHaveBeenCalled();
    expect(result.current.mutation.error).toMatchObject({ status: 400 });

    act(() => result.current.mutation.clearError());
    expect(result.current.mutation.error).toBeUndefined();

    await act(() => result.current.mutation.trigger(500));
    expect(notify.error).toHaveBeenCalledWith('Failed to save webhook settings.');
  });

  it('a new trigger clears the last failure', async () => {
    let fail = true;
    const { result } = setup({
      action: 'savePolicy',
      run: async () => (fail ? Promise.reject(new ApiError(400, {})) : {}),
      failure: null,
    });
    await act(() => result.current.mutation.trigger(undefined));
    expect(result.current.mutation.error).toBeInstanceOf(ApiError);
    fail = false;
    await act(() => result.current.mutation.trigger(undefined));
    expect(result.current.mutation.error).toBeUndefined();
  });

  it('rejects when asked to (a form that keeps its values), after showing the failure', async () => {
    const refused = new ApiError(409, { error: 'Already an administrator.' });
    const { result } = setup({
      action: 'addAdmin',
      run: async () => Promise.reject(refused),
      failure: messages.addAdminFailed,
    });
    await act(async () => {
      await expect(result.current.mutation.trigger(undefined, { throwOnError: true })).rejects.toBe(
        refused,
      );
    });
    expect(notify.error).toHaveBeenCalledWith('Failed to add admin.');
    expect(result.current.mutation.busy).toBe(false);
  });

  it('a throw in what follows a failure is reported too, and the change is not left busy', async () => {
    const bug = new TypeError('setTurnedOn is not a function');
    const { result } = setup({
      action: 'getWebhookSecret',
      run: async () => Promise.reject(new ApiError(500, {})),
      failure: messages.webhookSecretFailed,
    });
    await act(() =>
      result.current.mutation.trigger(undefined, {
        onError: () => {
          throw bug;
        },
      }),
    );
    expect(notify.error).toHaveBeenCalledWith('Failed to get webhook secret.');
    expect(reportError).toHaveBeenCalledWith(bug, { action: 'getWebhookSecret' });
    expect(result.current.mutation.busy).toBe(false);
  });

  it('a throw after the change succeeded is reported, without a failure text', async () => {
    const bug = new TypeError('navigate is not a function');
    const { result } = setup({
      action: 'deleteOrg',
      run: async () => ({}),
      success: messages.organizationDeleted,
      failure: messages.deleteOrgFailed,
    });
    await act(() =>
      result.current.mutation.trigger(undefined, {
        onSuccess: () => {
          throw bug;
        },
      }),
    );
    expect(notify.success).toHaveBeenCalledWith('Organization deleted');
    expect(notify.error).not.toHaveBeenCalled();
    expect(reportError).toHaveBeenCalledWith(bug, { action: 'deleteOrg' });
    expect(result.current.mutation.busy).toBe(false);
  });
});
