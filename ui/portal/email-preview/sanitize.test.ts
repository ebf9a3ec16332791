/**
 * Vitest runs ui/ in the `node` environment and no DOM library (jsdom, happy-dom) is installed,
 * so these tests cover the fail-closed path (no DOM → plain text) and the URL policy. The
 * DOMPurify path runs in a real browser in the story `UI/EmailPreview › Sanitizer` (play function,
 * Storybook test-runner), with the same hostile inputs.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { escapeHtml, isSafeEmailHref, sanitizeEmailHtml, stripToText } from './sanitize';

describe('sanitizeEmailHtml without a DOM (fails closed to plain text)', () => {
  it('drops <img onerror>', () => {
    const out = sanitizeEmailHtml('<img src=x onerror=alert(1)>');
    expect(out).not.toMatch(/<img/i);
    expect(out).not.toMatch(/onerror/i);
  });

  it('removes <script> and its content', () => {
    const out = sanitizeEmailHtml('Hi<script>alert(1)</script> there');
    expect(out).not.toMatch(/script/i);
    expect(out).not.toContain('alert');
    expect(out).toBe('Hi there');
  });

  it('removes javascript: links but keeps their text', () => {
    const out = sanitizeEmailHtml('<a href="javascript:alert(1)">click</a>');
    expect(out).not.toMatch(/javascript:/i);
    expect(out).toBe('click');
  });

  it('keeps text, escaping markup characters', () => {
    expect(sanitizeEmailHtml('Hello <b>team</b>, 2 < 3 & "ok"')).toBe(
      'Hello team, 2 &lt; 3 &amp; &quot;ok&quot;',
    );
    expect(sanitizeEmailHtml('Plain text\nsecond line')).toBe('Plain text\nsecond line');
  });

  it('handles unterminated tags and comments', () => {
    expect(stripToText('a <img src=x onerror=alert(1)')).toBe('a ');
    expect(stripToText('a <script>alert(1)')).toBe('a ');
    expect(stripToText('a <!-- <img onerror=x> --> b')).not.toMatch(/<|onerror=x>/);
  });

  it('never lets a "<" through, whatever the input', () => {
    fc.assert(
      fc.property(fc.string(), (input) => {
        expect(sanitizeEmailHtml(input)).not.toContain('<');
        expect(sanitizeEmailHtml(input)).not.toContain('>');
      }),
    );
  });
});

describe('isSafeEmailHref', () => {
  it('allows https: and mailto:', () => {
    expect(isSafeEmailHref('https://example.com/enroll')).toBe(true);
    expect(isSafeEmailHref('HTTPS://EXAMPLE.COM')).toBe(true);
    expect(isSafeEmailHref('mailto:it@example.com')).toBe(true);
  });

  it('refuses everything else, including disguised javascript:', () => {
    for (const href of [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      ' javascript:alert(1)',
      'java\tscript:alert(1)',
      'java\u0000script:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'vbscript:msgbox(1)',
      'http://example.com',
      '//example.com',
      '/relative',
      '',
    ]) {
      expect(isSafeEmailHref(href), href).toBe(false);
    }
  });
});

describe('escapeHtml', () => {
  it('escapes the five markup characters', () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe(
      '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;',
    );
  });
});
