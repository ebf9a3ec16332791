import { describe, expect, it } from 'vitest';

import { emailPreviewDocument, PREVIEW_CSP } from './preview-document';

describe('emailPreviewDocument', () => {
  const doc = emailPreviewDocument('Hello <b>team</b>');

  it('puts the body inside <body>', () => {
    expect(doc).toMatch(/<body>Hello <b>team<\/b><\/body><\/html>$/);
  });

  it('locks the document down with a CSP that allows no scripts, images or frames', () => {
    expect(doc).toContain(`<meta http-equiv="Content-Security-Policy" content="${PREVIEW_CSP}">`);
    expect(PREVIEW_CSP).toContain("default-src 'none'");
    expect(PREVIEW_CSP).not.toMatch(/script-src|img-src|unsafe-eval/);
  });

  it('uses no hex colours', () => {
    expect(doc).not.toMatch(/#[0-9a-f]{3,8}\b/i);
  });
});
