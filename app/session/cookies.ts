/**
 * Client-side cookies (path /): docs/product/members.md, 'SSO onboarding' and
 * docs/product/dashboard.md, 'Above the list'.
 */
export const SSO_ONBOARDING_COOKIE = 'sso-onboarding';
export const HIDE_ADD_MEMBERS_HINT_COOKIE = 'hide-add-members-hint';

export function readCookie(name: string): string | null {
  const prefix = `${encodeURIComponent(name)}=`;
  for (const part of document.cookie.split('; ')) {
    if (part.startsWith(prefix)) return decodeURIComponent(part.slice(prefix.length));
  }
  return null;
}

export function writeCookie(name: string, value: string, days?: number): void {
  const maxAge = days === undefined ? '' : `; max-age=${Math.round(days * 86400)}`;
  const secure = location.protocol === 'https:' ? '; secure' : '';
  document.cookie = `${encodeURIComponent(name)}=${encodeURIComponent(value)}; path=/; samesite=lax${maxAge}${secure}`;
}

/** The SSO onboarding flag (docs/product/members.md, 'SSO onboarding'). */
export function isSsoOnboarding(): boolean {
  return readCookie(SSO_ONBOARDING_COOKIE) === 'true';
}

export function setSsoOnboarding(on: boolean): void {
  writeCookie(SSO_ONBOARDING_COOKIE, on ? 'true' : 'false');
}
