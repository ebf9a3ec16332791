/**
 * The per-organization credentials Settings hands out (docs/product/settings.md): the SCIM header,
 * the MDM token.
 */
export const CREDENTIAL_KINDS = ['scim', 'mdm'] as const;
export type CredentialKind = (typeof CREDENTIAL_KINDS)[number];
