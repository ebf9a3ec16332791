/** The per-organization credentials Settings hands out (spec 2.6): the SCIM bearer header and the MDM token. */
export const CREDENTIAL_KINDS = ['scim', 'mdm'] as const;
export type CredentialKind = (typeof CREDENTIAL_KINDS)[number];
