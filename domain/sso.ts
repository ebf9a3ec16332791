/** Single sign-on identity providers (okta and azure), as on the wire and stored. */
export const SSO_PROVIDERS = ['okta', 'azure'] as const;
export type SsoProvider = (typeof SSO_PROVIDERS)[number];

export function isSsoProvider(value: unknown): value is SsoProvider {
  return (SSO_PROVIDERS as readonly unknown[]).includes(value);
}
