/**
 * The API reference at /api/docs (docs/decisions/054-public-api.md, 'The reference page'): Swagger
 * UI, served from the installed `swagger-ui-dist` package (no CDN: a deployment may have no
 * internet), rendering /api/v1/openapi.json. Its own small HTML page, outside the portal's bundle,
 * so none of it is in the portal's first load. It runs under the portal's Content-Security-Policy
 * unchanged: scripts from our origin only (the start-up code is a file, not an inline script),
 * inline styles as the policy already allows, images as data: URLs.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Hono } from 'hono';
import { PUBLIC_API_PREFIX } from '@contract/public-api';
import type { AppEnv } from '../env';

export const API_DOCS_PATH = '/api/docs';

const FILES: Record<string, { file: string; type: string }> = {
  'swagger-ui.css': { file: 'swagger-ui.css', type: 'text/css; charset=utf-8' },
  'swagger-ui-bundle.js': { file: 'swagger-ui-bundle.js', type: 'text/javascript; charset=utf-8' },
};

const START = `window.addEventListener('load', function () {
  window.ui = SwaggerUIBundle({
    url: '${PUBLIC_API_PREFIX}/openapi.json',
    dom_id: '#swagger-ui',
    // No anchor links inside the operations' summary buttons (nested interactive controls).
    deepLinking: false,
    presets: [SwaggerUIBundle.presets.apis],
    // Nothing leaves this page: no validator badge calling validator.swagger.io.
    validatorUrl: null,
    tryItOutEnabled: false,
  });
  // Accessible names Swagger UI leaves out, set again whenever it re-renders.
  var fix = function () {
    var servers = document.getElementById('servers');
    if (servers && !servers.getAttribute('aria-label')) servers.setAttribute('aria-label', 'Server');
    // The tags are the level under the page's title.
    document.querySelectorAll('h3.opblock-tag').forEach(function (h) {
      if (h.getAttribute('aria-level') !== '2') h.setAttribute('aria-level', '2');
    });
    document.querySelectorAll('#swagger-ui h4:not([aria-level])').forEach(function (h) {
      h.setAttribute('aria-level', '3');
    });
    // Its operations list is the page's main landmark; the blocks above it become named regions.
    [['.information-container', 'About this API'], ['.schemes-server-container', 'Servers']].forEach(
      function (pair) {
        var block = document.querySelector('#swagger-ui ' + pair[0]);
        if (block && block.getAttribute('role') !== 'region') {
          block.setAttribute('role', 'region');
          block.setAttribute('aria-label', pair[1]);
        }
      },
    );
  };
  new MutationObserver(fix).observe(document.getElementById('swagger-ui'), { childList: true, subtree: true });
});
`;

/** Contrast the portal's palette gives (WCAG AA) where Swagger UI's colours fall short. */
const OVERRIDES = `.swagger-ui .opblock.opblock-get .opblock-summary-method { background: #1d4ed8 !important; }
.swagger-ui .opblock.opblock-post .opblock-summary-method { background: #166534 !important; }
.swagger-ui .json-schema-2020-12-expand-deep-button { color: #1e3a8a !important; }
.swagger-ui .info .title small { background: #374151 !important; }
.swagger-ui .info .title small.version-stamp { background: #166534 !important; }
.swagger-ui .info .title small pre { color: #ffffff !important; }
.swagger-ui .info .url, .swagger-ui .info a, .swagger-ui .info a span { color: #1e3a8a !important; }
.swagger-ui .btn.authorize { color: #166534 !important; border-color: #166534 !important; }
.swagger-ui .btn.authorize span, .swagger-ui .btn span { color: #14532d !important; }
.swagger-ui .btn.authorize svg { fill: #166534 !important; }
`;

const PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>API reference · Admin Portal</title>
    <link rel="stylesheet" href="${API_DOCS_PATH}/swagger-ui.css" />
    <link rel="stylesheet" href="${API_DOCS_PATH}/overrides.css" />
  </head>
  <body>
    <header>
      <h1 style="font: 600 1.5rem/1.3 sans-serif; margin: 1.5rem 1.25rem 0">Admin Portal API reference</h1>
    </header>
    <div id="swagger-ui"></div>
    <script src="${API_DOCS_PATH}/swagger-ui-bundle.js"></script>
    <script src="${API_DOCS_PATH}/start.js"></script>
  </body>
</html>
`;

function distDir(): string {
  const require = createRequire(import.meta.url);
  return path.dirname(require.resolve('swagger-ui-dist/package.json'));
}

export function apiDocsPage(app: Hono<AppEnv>): void {
  const dir = distDir();
  const cache = new Map<string, Promise<Buffer>>();
  const read = (file: string) => {
    let hit = cache.get(file);
    if (!hit) {
      hit = readFile(path.join(dir, file));
      cache.set(file, hit);
    }
    return hit;
  };

  app.get(API_DOCS_PATH, (c) => {
    c.header('Cache-Control', 'no-cache');
    return c.html(PAGE);
  });
  app.get(`${API_DOCS_PATH}/start.js`, (c) => {
    c.header('Cache-Control', 'no-cache');
    return c.body(START, 200, { 'Content-Type': 'text/javascript; charset=utf-8' });
  });
  app.get(`${API_DOCS_PATH}/overrides.css`, (c) => {
    c.header('Cache-Control', 'no-cache');
    return c.body(OVERRIDES, 200, { 'Content-Type': 'text/css; charset=utf-8' });
  });
  app.get(`${API_DOCS_PATH}/:file`, async (c) => {
    const entry = FILES[c.req.param('file')];
    if (!entry) return c.json({ error: 'Not found' }, 404);
    const body = await read(entry.file);
    c.header('Cache-Control', 'public, max-age=3600');
    return c.body(new Uint8Array(body), 200, { 'Content-Type': entry.type });
  });
}
