/** Single sign-on identity providers (okta and azure), as on the wire and stored. */
export const SSO_PROVIDERS = ['okta', 'azure'] as const;
export type SsoProvider = (typeof SSO_PROVIDERS)[number];

/** The providers' brand names, wherever the portal names a provider (docs/decisions/045). */
export const SSO_PROVIDER_LABELS: Readonly<Record<SsoProvider, string>> = {
  okta: 'Okta',
  azure: 'Microsoft Entra ID',
};

export function isSsoProvider(value: unknown): value is SsoProvider {
  return (SSO_PROVIDERS as readonly unknown[]).includes(value);
}
