/**
 * Where a member came from (docs/product/settings.md, 'SCIM'; the Members list shows it):
 * added by hand, from a CSV file, from the SSO groups screen, or provisioned by the identity
 * provider over SCIM.
 */
export const MEMBER_SOURCES = ['manual', 'csv', 'sso', 'scim'] as const;
export type MemberSource = (typeof MEMBER_SOURCES)[number];
