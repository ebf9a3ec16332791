import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LiveNotices, reconnectDelayMs, type EventSourceLike, type LiveNotice } from './notices';

class FakeSource implements EventSourceLike {
  static made: FakeSource[] = [];
  readyState = 0;
  onerror: ((event: Event) => void) | null = null;
  onopen: ((event: Event) => void) | null = null;
  closed = false;
  private readonly handlers = new Map<string, Array<(e: MessageEvent<string>) => void>>();
  constructor(readonly url: string) {
    FakeSource.made.push(this);
  }
  addEventListener(type: string, listener: (e: MessageEvent<string>) => void) {
    this.handlers.set(type, [...(this.handlers.get(type) ?? []), listener]);
  }
  close() {
    this.closed = true;
    this.readyState = 2;
  }
  send(type: string, data: unknown, id = '') {
    const event = new MessageEvent(type, { data: JSON.stringify(data), lastEventId: id });
    for (const h of this.handlers.get(type) ?? []) h(event as MessageEvent<string>);
  }
  fail(closed: boolean) {
    this.readyState = closed ? 2 : 0;
    this.onerror?.(new Event('error'));
  }
}

beforeEach(() => {
  vi.useFakeTimers();
  FakeSource.made = [];
});
afterEach(() => vi.useRealTimers());

function make(sessionHolds = true) {
  const onSessionCheck = vi.fn(async () => sessionHolds);
  const live = new LiveNotices({
    url: '/api/events',
    createSource: (url) => new FakeSource(url),
    onSessionCheck,
  });
  const got: LiveNotice[] = [];
  return { live, got, listen: () => live.subscribe((n) => got.push(n)), onSessionCheck };
}

describe('LiveNotices (the tab’s one event stream)', () => {
  it('one stream for every listener, opened by the first and closed after the last', () => {
    const { live } = make();
    const a = live.subscribe(() => {});
    const b = live.subscribe(() => {});
    expect(FakeSource.made).toHaveLength(1);
    a();
    expect(FakeSource.made[0]!.closed).toBe(false);
    b();
    expect(FakeSource.made[0]!.closed).toBe(true);
    expect(live.connected).toBe(false);
  });

  it('passes devices, alerts and reset on; ignores what does not match the contract', () => {
    const { listen, got } = make();
    listen();
    const source = FakeSource.made[0]!;
    source.send('ready', {}, '5');
    source.send('devices', {}, '6');
    source.send('alerts', { opened: 3 }, '7');
    source.send('alerts', { opened: -1 }, '8');
    source.send('reset', {}, '9');
    expect(got).toEqual([
      { topic: 'devices', opened: 0 },
      { topic: 'alerts', opened: 3 },
      { topic: 'reset', opened: 0 },
    ]);
  });

  it('a stream the browser gave up on: the session is checked, then a new one resumes after the last id, with backoff', async () => {
    const { listen, onSessionCheck } = make();
    listen();
    const first = FakeSource.made[0]!;
    first.send('alerts', { opened: 1 }, '41');
    // A dropped connection the browser retries by itself: nothing to do.
    first.fail(false);
    expect(FakeSource.made).toHaveLength(1);
    // An answer that was not a stream (a 503): closed for good.
    first.fail(true);
    await vi.advanceTimersByTimeAsync(reconnectDelayMs(0) - 1);
    expect(FakeSource.made).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(onSessionCheck).toHaveBeenCalledOnce();
    expect(FakeSource.made).toHaveLength(2);
    expect(FakeSource.made[1]!.url).toBe('/api/events?lastEventId=41');
    // Failing again waits longer.
    FakeSource.made[1]!.fail(true);
    await vi.advanceTimersByTimeAsync(reconnectDelayMs(1) - 1);
    expect(FakeSource.made).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(FakeSource.made).toHaveLength(3);
  });

  it('signed out (the 401 rule ran in the session check): no new stream', async () => {
    const { listen } = make(false);
    listen();
    FakeSource.made[0]!.fail(true);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(FakeSource.made).toHaveLength(1);
  });

  it('`signed-out` closes the stream and checks the session', () => {
    const { listen, onSessionCheck, live } = make();
    listen();
    FakeSource.made[0]!.send('signed-out', {});
    expect(FakeSource.made[0]!.closed).toBe(true);
    expect(onSessionCheck).toHaveBeenCalledOnce();
    expect(live.connected).toBe(false);
  });

  it('backoff: 1 s doubling up to 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 10].map(reconnectDelayMs)).toEqual([
      1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000,
    ]);
  });
});
