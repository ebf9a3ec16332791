import { describe, expect, it } from 'vitest';
import { createAnalytics, pageViewPath, recorderSink } from './analytics';

describe('page views', () => {
  it('strips the token after update-password/', () => {
    expect(pageViewPath('/update-password/abc.DEF-123_x')).toBe('/update-password/');
    expect(pageViewPath('/update-password/')).toBe('/update-password/');
    expect(pageViewPath('/update-password/tok/extra')).toBe('/update-password/');
  });

  it('leaves every other path alone', () => {
    for (const p of ['/', '/look-up', '/dashboard', '/settings', '/update-passwords/x']) {
      expect(pageViewPath(p)).toBe(p);
    }
  });

  it('reports each route change once, with the stripped path', () => {
    const sink = recorderSink();
    const analytics = createAnalytics([sink], () => 1);
    analytics.page('/look-up');
    analytics.page('/look-up');
    analytics.page('/update-password/secret-token');
    analytics.track('signIn');
    expect(sink.records).toEqual([
      { kind: 'page', path: '/look-up', at: 1 },
      { kind: 'page', path: '/update-password/', at: 1 },
      { kind: 'event', name: 'Sign In', properties: undefined, at: 1 },
    ]);
  });

  it('a failing sink never breaks the others', () => {
    const sink = recorderSink();
    const analytics = createAnalytics([
      {
        send() {
          throw new Error('provider down');
        },
      },
      sink,
    ]);
    analytics.track('logout');
    expect(sink.records).toHaveLength(1);
  });
});
