import * as z from 'zod/mini';
import {
  ID_MAX_LENGTH,
  ORGANIZATION_NAME_MAX_LENGTH,
  SECRET_MAX_LENGTH,
  URL_MAX_LENGTH,
} from '@domain/limits';
import { defineEndpoint, MessageBody, messageFields } from './endpoint';
import { idField, nameField } from './fields';
import { SsoProvider } from './session';

export { SsoProvider } from './session';

/**
 * Debounce of the group search box (docs/product/members.md, 'Group selection'), in milliseconds.
 */
export const GROUP_SEARCH_DEBOUNCE_MS = 500;

/** An SSO group as the identity provider lists it. */
export const SsoGroup = z.object({ id: z.string(), name: z.string() });
export type SsoGroup = z.infer<typeof SsoGroup>;
/** The groups screen adds a selection flag (UI state, never sent). */
export type SelectableSsoGroup = SsoGroup & { selected: boolean };

/** A group as sent back to the server (a `selected` flag is stripped). */
export const SsoGroupRef = z.object({ id: idField(), name: nameField() });
export type SsoGroupRef = z.infer<typeof SsoGroupRef>;

/**
 * The SSO configuration (docs/product/members.md, 'SSO setup'). The server checks the issuer's
 * discovery document before saving (400 with the reason, `issues` on `tenant`). `clientSecret` may
 * be left out only when the organization has one saved for the same provider and client id: the
 * saved secret is kept (the screen shows it as "saved" and never receives it).
 */
export const SsoConfigBody = z.object({
  clientId: z.string().check(z.trim(), z.minLength(1), z.maxLength(ID_MAX_LENGTH)),
  clientSecret: z.optional(
    z.string().check(z.trim(), z.minLength(1), z.maxLength(SECRET_MAX_LENGTH)),
  ),
  provider: SsoProvider,
  slug: z.string().check(z.minLength(1), z.maxLength(ORGANIZATION_NAME_MAX_LENGTH)),
  /** Okta: the Okta domain or an issuer URL; azure: the tenant id or domain (or an issuer URL). */
  tenant: z.string().check(z.trim(), z.minLength(1), z.maxLength(URL_MAX_LENGTH)),
});
export type SsoConfigBody = z.infer<typeof SsoConfigBody>;

export const saveSsoConfig = defineEndpoint({
  method: 'POST',
  path: '/orgs/sso',
  body: SsoConfigBody,
  response: MessageBody,
});

/**
 * The organization's saved SSO settings for the setup screen, without the client secret (never
 * answered after saving): whether one is saved, and the Redirect URL to register.
 */
export const SsoConfigView = z.looseObject({
  ...messageFields,
  provider: z.nullable(SsoProvider),
  clientId: z.nullable(z.string()),
  tenant: z.nullable(z.string()),
  clientSecretSaved: z.boolean(),
  /** `{PUBLIC_URL}/api/oauth/callback`: one for every organization; null when none can be built. */
  redirectUrl: z.nullable(z.string()),
});
export type SsoConfigView = z.infer<typeof SsoConfigView>;

export const getSsoConfig = defineEndpoint({
  method: 'GET',
  path: '/orgs/sso',
  response: SsoConfigView,
});

export const SsoProviderResult = z.looseObject({
  ...messageFields,
  provider: z.nullable(SsoProvider),
});
export type SsoProviderResult = z.infer<typeof SsoProviderResult>;

export const getSsoProvider = defineEndpoint({
  method: 'GET',
  path: '/orgs/sso/provider',
  response: SsoProviderResult,
});

/** Group list: `nextPage` is the opaque cursor of the previous answer; `searchQuery` filters by name. */
export const ListSsoGroupsQuery = z.object({
  nextPage: z.optional(z.string().check(z.maxLength(ID_MAX_LENGTH))),
  searchQuery: z.optional(z.string().check(z.maxLength(200))),
});
export type ListSsoGroupsQuery = z.input<typeof ListSsoGroupsQuery>;

export const SsoGroupPage = z.looseObject({
  ...messageFields,
  groups: z.array(SsoGroup),
  /** Cursor of the next page, or null on the last page. */
  nextPage: z.nullable(z.string()),
});
export type SsoGroupPage = z.infer<typeof SsoGroupPage>;

export const listSsoGroups = defineEndpoint({
  method: 'GET',
  path: '/orgs/sso/groups',
  query: ListSsoGroupsQuery,
  response: SsoGroupPage,
});

export const SsoGroupMembersBody = z.object({
  /** Ids of the selected groups. */
  groups: z.array(idField()).check(z.minLength(1), z.maxLength(1000)),
});
export type SsoGroupMembersBody = z.infer<typeof SsoGroupMembersBody>;

/** A member of an SSO group; the same shape as a Member. */
export const SsoGroupMember = z.object({ id: z.string(), name: z.string(), email: z.string() });
export type SsoGroupMember = z.infer<typeof SsoGroupMember>;

/** Members of the chosen groups, deduplicated across groups. */
export const SsoGroupMembers = z.looseObject({
  ...messageFields,
  members: z.array(SsoGroupMember),
  memberCount: z.number().check(z.int(), z.minimum(0)),
});
export type SsoGroupMembers = z.infer<typeof SsoGroupMembers>;

export const getSsoGroupMembers = defineEndpoint({
  method: 'POST',
  path: '/orgs/sso/groups',
  body: SsoGroupMembersBody,
  response: SsoGroupMembers,
});

/**
 * Disconnects SSO; the app then signs out to the login path
 * (docs/product/settings.md, 'Single sign-on').
 */
export const deleteSso = defineEndpoint({
  method: 'DELETE',
  path: '/orgs/sso',
  response: MessageBody,
});
