import { beforeEach, describe, expect, it, vi } from 'vitest';
import { getWebhook } from '@contract/webhook';
import { ApiError } from '../api/client';
import type * as ErrorReporting from '../errors/error-reporting';
import { messages } from '../messages/messages';
import { readFailure } from './read-failure';

const notify = vi.hoisted(() => ({ error: vi.fn() }));
vi.mock('../messages/toasts', () => ({ notify }));
const reportError = vi.hoisted(() => vi.fn());
vi.mock('../errors/error-reporting', async (original) => ({
  ...(await original<typeof ErrorReporting>()),
  reportError,
}));

beforeEach(() => vi.clearAllMocks());

describe('readFailure (a read’s onError)', () => {
  it('an API failure: the catalogued toast, no report', () => {
    readFailure(getWebhook, messages.webhookFailed)(new ApiError(503, {}));
    expect(notify.error).toHaveBeenCalledWith('Failed to get webhook settings.');
    expect(reportError).not.toHaveBeenCalled();
  });

  it('a bug: the same toast, and a report named after the call', () => {
    const drift = new ApiError(200, { url: 42 }, 'Unexpected answer from /orgs/webhook', {
      kind: 'contract',
    });
    readFailure(getWebhook, messages.webhookFailed)(drift);
    expect(notify.error).toHaveBeenCalledWith('Failed to get webhook settings.');
    expect(reportError).toHaveBeenCalledWith(drift, { action: 'GET /orgs/webhook' });
  });

  it('builds the text from the error when asked (error detail)', () => {
    readFailure(
      getWebhook,
      (e) => `${messages.webhookFailed} ${(e as Error).message}`,
    )(new ApiError(500, {}, 'boom'));
    expect(notify.error).toHaveBeenCalledWith('Failed to get webhook settings. boom');
  });
});
