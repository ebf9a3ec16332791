/**
 * Conditional access configuration rules (pure). Texts are shown inline on the card as
 * 'Error: {text}' (docs/product/integrations.md, "Conditional access"), so they say what to fix.
 *
 * - Text fields are trimmed; an empty text counts as not filled (null).
 * - Turning it on (active) needs a provider; the toggle may save a partly filled configuration
 *   (docs/product/integrations.md, "Conditional access"), so the other fields may still be empty
 *   then.
 * - Once every field is filled the values are checked per provider: an Azure tenant is a tenant ID
 *   (GUID) or a domain name; an Okta tenant is the Okta domain ('acme.okta.com', no scheme); the
 *   Okta client secret is the application's private key as a JWK (a JSON object with "kty" and
 *   the private part "d").
 */
import type { SaveConditionalAccessConfigBody } from '@contract/conditional-access';
import {
  CONDITIONAL_ACCESS_TEXT_FIELDS,
  isConditionalAccessComplete,
} from '@domain/conditional-access';

export const CONDITIONAL_ACCESS_MESSAGES = {
  providerRequired: 'Choose an identity provider before turning Conditional Access on.',
  azureTenant:
    'Azure tenant must be a tenant ID (a GUID) or a domain name such as acme.onmicrosoft.com.',
  oktaTenant: 'Okta domain must be a domain name such as acme.okta.com (without https://).',
  oktaKeyJson: 'The application private key must be a JSON object (the private key as a JWK).',
  oktaKeyPrivate:
    'The application private key must be a private key JWK with "kty" and "d"; this looks like a public key.',
  removalPending:
    'Conditional Access is being removed. Wait until the removal has finished, then set it up again.',
} as const;

const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DOMAIN = /^(?:(?!-)[a-z0-9-]{1,63}(?<!-)\.)+[a-z][a-z0-9-]{0,61}[a-z0-9]$/i;

export function isGuid(text: string): boolean {
  return GUID.test(text);
}

export function isDomainName(text: string): boolean {
  return text.length <= 253 && DOMAIN.test(text);
}

/** Whether `text` is a private key JWK: 'json' when it is no JSON object, 'public' without "d". */
export function jwkProblem(text: string): 'json' | 'public' | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return 'json';
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return 'json';
  const jwk = parsed as Record<string, unknown>;
  if (typeof jwk.kty !== 'string' || jwk.d === undefined) return 'public';
  return null;
}

export type CheckedConfig =
  { ok: true; config: SaveConditionalAccessConfigBody } | { ok: false; error: string };

/** Trims, turns empty texts into null and applies the rules above. */
export function checkConditionalAccessConfig(body: SaveConditionalAccessConfigBody): CheckedConfig {
  const config: SaveConditionalAccessConfigBody = { ...body };
  for (const field of CONDITIONAL_ACCESS_TEXT_FIELDS) {
    const value = body[field]?.trim() ?? '';
    config[field] = value === '' ? null : value;
  }
  if (config.active && config.provider === null) {
    return { ok: false, error: CONDITIONAL_ACCESS_MESSAGES.providerRequired };
  }
  // The card's Save rule (docs/product/integrations.md): once every field is filled, the values are
  // checked.
  if (!isConditionalAccessComplete(config)) return { ok: true, config };

  const tenant = config.tenant ?? '';
  if (config.provider === 'azure') {
    if (!isGuid(tenant) && !isDomainName(tenant)) {
      return { ok: false, error: CONDITIONAL_ACCESS_MESSAGES.azureTenant };
    }
  } else {
    if (!isDomainName(tenant)) return { ok: false, error: CONDITIONAL_ACCESS_MESSAGES.oktaTenant };
    const problem = jwkProblem(config.clientSecret ?? '');
    if (problem === 'json') return { ok: false, error: CONDITIONAL_ACCESS_MESSAGES.oktaKeyJson };
    if (problem === 'public') {
      return { ok: false, error: CONDITIONAL_ACCESS_MESSAGES.oktaKeyPrivate };
    }
  }
  return { ok: true, config };
}
