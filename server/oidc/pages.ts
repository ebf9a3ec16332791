/**
 * The few HTML pages the server itself renders for single sign-on (the development provider's
 * sign-in and error pages, the "too many sign-ins" page), in the portal's look: its colours
 * (tailwind.config.ts), card and button shapes, on a system font (the page loads nothing).
 *
 * Each page has its own Content-Security-Policy (security-headers.ts, `ssoPageContentSecurityPolicy`):
 * no script at all, the one `<style>` element by a per-answer nonce, forms posting only where
 * the page says. Everything a page echoes goes through `escapeHtml`.
 */
import { randomBytes } from 'node:crypto';

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"'`]/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

export function newNonce(): string {
  return randomBytes(16).toString('base64');
}

/** A complete page: `body` is trusted HTML (built with escapeHtml), `title` is escaped here. */
export function htmlPage(title: string, body: string, nonce: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style nonce="${nonce}">
  body { margin: 0; font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; background: #f4f6fa; color: #1d2433; }
  main { box-sizing: border-box; max-width: 28rem; margin: 3rem auto; padding: 2rem; background: #ffffff;
         border: 1px solid #d3d9e4; border-radius: 0.75rem;
         box-shadow: 0 1px 2px rgb(16 24 40 / 0.06), 0 1px 3px rgb(16 24 40 / 0.1); }
  h1 { font-size: 1.5rem; font-weight: 600; margin: 0 0 0.5rem; text-align: center; }
  h2 { font-size: 0.875rem; font-weight: 600; margin: 1.5rem 0 0.5rem; color: #4b5567; text-transform: uppercase; letter-spacing: 0.04em; }
  p { line-height: 1.5; margin: 0 0 1rem; }
  .lead { color: #4b5567; text-align: center; font-size: 0.875rem; }
  ul { list-style: none; margin: 0; padding: 0; display: flex; flex-direction: column; gap: 0.5rem; }
  form { margin: 0; }
  button { font: inherit; cursor: pointer; border-radius: 0.375rem; }
  .person { box-sizing: border-box; width: 100%; display: flex; flex-direction: column; align-items: flex-start; gap: 0.125rem;
            padding: 0.625rem 0.875rem; background: #ffffff; border: 1px solid #d3d9e4; color: #1d2433; text-align: left; }
  .person:hover { background: #eef5ff; border-color: #1f57c3; }
  .person .name { font-weight: 600; }
  .person .email { font-size: 0.875rem; color: #4b5567; }
  .person .role { font-size: 0.75rem; font-weight: 600; color: #1a469c; }
  .actions { display: flex; justify-content: center; margin-top: 1.5rem; padding-top: 1rem; border-top: 1px solid #d3d9e4; }
  .secondary { padding: 0.5rem 1.25rem; background: #ffffff; color: #1d2433; border: 1px solid #8a93a6; }
  .secondary:hover { background: #f4f6fa; }
  button:focus-visible, a:focus-visible { outline: 2px solid #1f57c3; outline-offset: 2px; }
  .note { font-size: 0.875rem; color: #4b5567; }
  a { color: #1f57c3; }
</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>`;
}
