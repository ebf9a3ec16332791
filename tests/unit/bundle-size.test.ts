import { describe, expect, it } from 'vitest';

import { cssFontFiles, fontPreloads } from '../../scripts/bundle-size';

describe('the font part of the size budgets', () => {
  it('finds font preloads whatever the attribute order and quoting, and whether they are CORS', () => {
    const html = `<head>
      <link rel="icon" href="/favicon.svg">
      <link rel="preload" href="/assets/inter-latin-AbC.woff2" as="font" type="font/woff2" crossorigin>
      <link as=font crossorigin="anonymous" rel='preload' href=/assets/mono-XyZ.woff2>
      <link rel="preload" as="font" href="/assets/late-123.woff2">
      <link rel="modulepreload" crossorigin href="/assets/shell-1.js">
      <link rel="preload" as="style" href="/assets/index-1.css">
      <link data-rel="preload" related="x" as="font" href="/assets/not-a-preload.woff2">
    </head>`;
    expect(fontPreloads(html)).toEqual([
      { file: 'inter-latin-AbC.woff2', crossorigin: true },
      { file: 'mono-XyZ.woff2', crossorigin: true },
      { file: 'late-123.woff2', crossorigin: false },
    ]);
  });

  it('lists the font files a built stylesheet refers to, once each', () => {
    const css =
      '@font-face{font-family:A;src:url(/assets/a-1.woff2)format("woff2")}' +
      "@font-face{font-family:A;src:url('/assets/a-ext-2.woff2') format('woff2'),url(/assets/a-ext-2.woff)}" +
      '.x{background:url(/assets/logo-3.svg)}@font-face{font-family:B;src:url("/assets/a-1.woff2")}';
    expect(cssFontFiles(css)).toEqual(['a-1.woff2', 'a-ext-2.woff2', 'a-ext-2.woff']);
  });
});
