import * as z from 'zod/mini';
import { defineEndpoint, MessageBody, messageFields } from './endpoint';
import { booleanQuery, emailField, nameField } from './fields';
import { SsoGroupRef } from './sso';

/** Largest CSV accepted by read-members (bytes) and most rows read from it. */
export const CSV_MAX_BYTES = 2 * 1024 * 1024;
export const CSV_MAX_ROWS = 10_000;
/** Columns the CSV must carry and the template's header (docs/product/members.md, 'CSV upload'). */
export const CSV_REQUIRED_COLUMNS = ['fullname', 'email'] as const;
export const CSV_TEMPLATE_FILE_NAME = 'member_template.csv';
export const CSV_TEMPLATE_HEADER = ['Full Name', 'Email'] as const;

/** A member. Ids are strings ('0', '1', … for manual entry). */
export const Member = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
});
export type Member = z.infer<typeof Member>;

/** A member on the review screen (UI state, never sent): duplicate and re-allowed flags. */
export type ReviewMember = Member & { duplicate: boolean; allowedDupe: boolean };

/** A member to create: what the review screen sends. */
export const NewMember = z.object({ name: nameField(), email: emailField() });
export type NewMember = z.infer<typeof NewMember>;

/**
 * POST /orgs/read-members takes `multipart/form-data` with one field `file` (a .csv). The client
 * sends a FormData; the server validates the parsed form with {@link ReadMembersForm}.
 */
export const ReadMembersForm = z.object({
  file: z.file().check(z.maxSize(CSV_MAX_BYTES)),
});
export type ReadMembersForm = z.infer<typeof ReadMembersForm>;

/** The CSV reading: the members read, and an error text shown on the review screen. */
export const ReadMembersResult = z.looseObject({
  ...messageFields,
  members: z.array(Member),
  error: z.nullable(z.string()),
});
export type ReadMembersResult = z.infer<typeof ReadMembersResult>;

export const readMembers = defineEndpoint({
  method: 'POST',
  path: '/orgs/read-members',
  multipart: true,
  response: ReadMembersResult,
});

export const MemberList = z.looseObject({ ...messageFields, members: z.array(Member) });
export type MemberList = z.infer<typeof MemberList>;

export const listMembers = defineEndpoint({
  method: 'GET',
  path: '/orgs/members',
  response: MemberList,
});

/**
 * Query of the create calls. The spec names a query parameter `email` without its type; we read
 * it as the flag "e-mail the invitations now" ('true' by default). The welcome flow creates the
 * admin as first member with `email=false` and e-mails everyone once billing is saved.
 */
export const CreateMembersQuery = z.object({
  email: z._default(booleanQuery(), true),
});
export type CreateMembersQuery = z.input<typeof CreateMembersQuery>;

/**
 * The server applies the duplicate rule (docs/product/members.md, 'Duplicates') itself: a member
 * whose e-mail (case-insensitive) belongs to an existing member of the organization, or repeats an
 * earlier entry of `members`, is skipped unless re-allowed. `allowedDuplicates` re-allows them: one
 * e-mail per re-allowed row, so an e-mail listed twice re-allows two duplicate rows with that
 * address (each re-allowed row becomes a member of its own with its own code: one row is one
 * enrolment seat).
 */
export const CreateMembersBody = z.object({
  members: z.array(NewMember).check(z.minLength(1), z.maxLength(CSV_MAX_ROWS)),
  allowedDuplicates: z._default(z.array(emailField()).check(z.maxLength(CSV_MAX_ROWS)), []),
  /**
   * Our addition: where the list came from (the Members page shows it, docs/product/members.md,
   * 'The Members page'): typed in, or read from a CSV file. Absent means typed in.
   */
  source: z._default(z.enum(['manual', 'csv']), 'manual'),
});
export type CreateMembersBody = z.input<typeof CreateMembersBody>;

export const CreateMembersResult = z.looseObject({
  ...messageFields,
  numMembersCreated: z.number().check(z.int(), z.minimum(0)),
});
export type CreateMembersResult = z.infer<typeof CreateMembersResult>;

export const createMembers = defineEndpoint({
  method: 'POST',
  path: '/orgs/create-members',
  query: CreateMembersQuery,
  body: CreateMembersBody,
  response: CreateMembersResult,
});

/**
 * Members of the chosen SSO groups are created, except duplicates of existing members; those the
 * admin re-allowed on the review screen come in `allowedDuplicates`.
 */
export const CreateSsoMembersBody = z.object({
  ssoGroups: z.array(SsoGroupRef).check(z.minLength(1), z.maxLength(1000)),
  allowedDuplicates: z._default(z.array(Member).check(z.maxLength(CSV_MAX_ROWS)), []),
});
export type CreateSsoMembersBody = z.input<typeof CreateSsoMembersBody>;

export const createSsoMembers = defineEndpoint({
  method: 'POST',
  path: '/orgs/create-sso-members',
  query: CreateMembersQuery,
  body: CreateSsoMembersBody,
  response: CreateMembersResult,
});

/** E-mails the enrolment code to members not yet e-mailed (payload not shown by the spec). */
export const emailMembers = defineEndpoint({
  method: 'POST',
  path: '/orgs/email-members',
  response: MessageBody,
});

/** E-mails the enrolment code to every member (after billing is saved on the welcome screen). */
export const emailAllMembers = defineEndpoint({
  method: 'POST',
  path: '/orgs/email-all-members',
  response: MessageBody,
});
