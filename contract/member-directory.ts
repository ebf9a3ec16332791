/**
 * The Members page (docs/product/members.md, 'The Members page'): a server-paginated, searchable
 * list of the organization's members with their source and status, and the per-member actions
 * (resend the invitation, deactivate, reactivate). Our extension; the spec has no such calls.
 */
import * as z from 'zod/mini';
import { MEMBER_SOURCES, MEMBER_STATUSES } from '@domain/members';
import { defineEndpoint, MessageBody, messageFields } from './endpoint';
import { idField, isoDateTime, paginationQuery, repeatedQuery } from './fields';

export const MemberSourceField = z.enum(MEMBER_SOURCES);
export const MemberStatusField = z.enum(MEMBER_STATUSES);

/** Longest search text (name or e-mail, case-insensitive substring). */
export const MEMBER_SEARCH_MAX_LENGTH = 200;

export const DirectoryMember = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  source: MemberSourceField,
  status: MemberStatusField,
  /** Managed by the identity provider over SCIM: the portal offers no deactivate/reactivate. */
  scimManaged: z.boolean(),
  devices: z.number().check(z.int(), z.minimum(0)),
  /** ISO date-time the invitation was last handed to the mailer; null: not sent yet. */
  invitedAt: z.nullable(isoDateTime()),
  /** ISO date-time of the latest scan report of any of their devices. */
  lastScanAt: z.nullable(isoDateTime()),
  /**
   * Present while conditional access quarantines the member: why, in words
   * (docs/decisions/053-policies-and-reminders.md).
   */
  quarantine: z.optional(z.string()),
});
export type DirectoryMember = z.infer<typeof DirectoryMember>;

export const ListMemberDirectoryQuery = z.object({
  ...paginationQuery,
  q: z.optional(z.string().check(z.maxLength(MEMBER_SEARCH_MAX_LENGTH))),
  status: z.optional(repeatedQuery(MEMBER_STATUSES)),
  source: z.optional(repeatedQuery(MEMBER_SOURCES)),
});
export type ListMemberDirectoryQuery = z.input<typeof ListMemberDirectoryQuery>;
export type ParsedListMemberDirectoryQuery = z.infer<typeof ListMemberDirectoryQuery>;

export const MemberDirectoryPage = z.looseObject({
  ...messageFields,
  members: z.array(DirectoryMember),
  totalPages: z.number().check(z.int(), z.minimum(0)),
  total: z.number().check(z.int(), z.minimum(0)),
});
export type MemberDirectoryPage = z.infer<typeof MemberDirectoryPage>;

export const listMemberDirectory = defineEndpoint({
  method: 'GET',
  path: '/orgs/member-directory',
  query: ListMemberDirectoryQuery,
  response: MemberDirectoryPage,
});

export const MemberIdBody = z.object({ id: idField() });
export type MemberIdBody = z.infer<typeof MemberIdBody>;

/** 409 while the cool-down runs or once enrolled/deactivated; 404 for a member not of the org. */
export const resendMemberInvitation = defineEndpoint({
  method: 'POST',
  path: '/orgs/member-directory/resend-invitation',
  body: MemberIdBody,
  response: MessageBody,
});

/** 409 for a SCIM-managed member (the identity provider decides). */
export const deactivateMember = defineEndpoint({
  method: 'POST',
  path: '/orgs/member-directory/deactivate',
  body: MemberIdBody,
  response: MessageBody,
});

export const reactivateMember = defineEndpoint({
  method: 'POST',
  path: '/orgs/member-directory/reactivate',
  body: MemberIdBody,
  response: MessageBody,
});
