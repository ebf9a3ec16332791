/**
 * The srcdoc of the preview iframe around an already sanitised body. Defence in depth besides
 * DOMPurify and the iframe's empty `sandbox` (no scripts, no same-origin, no navigation of the
 * portal): a Content-Security-Policy that allows nothing but inline styles, so even a tag that
 * slipped through could not load an image, a font, a frame or a script. Colours are CSS system
 * colours (Canvas, CanvasText, LinkText): the document cannot use the portal's Tailwind tokens.
 */
export const PREVIEW_CSP = "default-src 'none'; style-src 'unsafe-inline'; form-action 'none'";

export function emailPreviewDocument(safeBodyHtml: string): string {
  return [
    '<!doctype html>',
    '<html lang="en"><head><meta charset="utf-8">',
    `<meta http-equiv="Content-Security-Policy" content="${PREVIEW_CSP}">`,
    '<meta name="referrer" content="no-referrer">',
    '<style>',
    ':root{color-scheme:light}',
    'body{margin:0;padding:12px 16px;background:Canvas;color:CanvasText;',
    'font:14px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;',
    'white-space:pre-wrap;overflow-wrap:anywhere}',
    'p{margin:0 0 .75em}ul,ol{margin:0 0 .75em;padding-inline-start:1.5em;white-space:normal}',
    'a{color:LinkText}',
    '</style></head>',
    `<body>${safeBodyHtml}</body></html>`,
  ].join('');
}
