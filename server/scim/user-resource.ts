/**
 * The SCIM User (RFC 7643 §4.1 with the enterprise extension, §4.3): reading what an identity
 * provider sends and writing what we answer. Pure. What is accepted is exactly what the Schemas
 * endpoint describes (discovery.ts); an attribute we do not know is a 400, so a typo in an
 * identity provider's mapping is seen at once instead of silently dropped. Okta's and Entra ID's
 * dialects are read here: booleans as "True"/"False" strings, attribute names in any case.
 */
import { badRequest } from './errors';
import { ENTERPRISE_USER_SCHEMA, USER_SCHEMA } from './schemas';

const MAX_STRING = 1024;
const MAX_VALUES = 50;

type Json = Record<string, unknown>;

/** Sub-attributes of the multi-valued complex attributes. */
export const MULTI_VALUED: Record<string, readonly string[]> = {
  emails: ['value', 'display', 'type', 'primary'],
  phoneNumbers: ['value', 'display', 'type', 'primary'],
  ims: ['value', 'display', 'type', 'primary'],
  photos: ['value', 'display', 'type', 'primary'],
  addresses: [
    'formatted',
    'streetAddress',
    'locality',
    'region',
    'postalCode',
    'country',
    'type',
    'primary',
  ],
  entitlements: ['value', 'display', 'type', 'primary'],
  roles: ['value', 'display', 'type', 'primary'],
  x509Certificates: ['value', 'display', 'type', 'primary'],
};
export const NAME_PARTS = [
  'formatted',
  'familyName',
  'givenName',
  'middleName',
  'honorificPrefix',
  'honorificSuffix',
] as const;
export const SINGLE_STRINGS = [
  'displayName',
  'nickName',
  'profileUrl',
  'title',
  'userType',
  'preferredLanguage',
  'locale',
  'timezone',
] as const;
const ENTERPRISE_STRINGS = [
  'employeeNumber',
  'costCenter',
  'organization',
  'division',
  'department',
] as const;
/** Read-only or write-only attributes a client may send and we ignore (never store a password). */
const IGNORED = ['id', 'meta', 'groups', 'password', 'schemas'];

/** Every attribute name of the User we know, by its lower-cased form. */
const CANONICAL = new Map(
  [
    'userName',
    'externalId',
    'active',
    'name',
    ...SINGLE_STRINGS,
    ...Object.keys(MULTI_VALUED),
    ...IGNORED,
    ENTERPRISE_USER_SCHEMA,
  ].map((n) => [n.toLowerCase(), n]),
);

export interface UserInput {
  userName: string;
  externalId: string | null;
  active: boolean;
  /** Everything else, canonical names, as stored in `members.scim_attributes`. */
  attributes: Json;
}

export function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** true/false, and Entra ID's "True"/"False". */
export function readBoolean(value: unknown, what: string): boolean {
  if (typeof value === 'boolean') return value;
  if (typeof value === 'string' && /^(true|false)$/i.test(value)) {
    return value.toLowerCase() === 'true';
  }
  throw badRequest(`'${what}' must be true or false.`, 'invalidValue');
}

function readString(value: unknown, what: string): string {
  if (typeof value !== 'string') throw badRequest(`'${what}' must be a string.`, 'invalidValue');
  if (value.length > MAX_STRING) {
    throw badRequest(`'${what}' is longer than ${MAX_STRING} characters.`, 'invalidValue');
  }
  return value;
}

function readComplex(value: unknown, parts: readonly string[], what: string): Json {
  if (!isObject(value)) throw badRequest(`'${what}' must be an object.`, 'invalidValue');
  const out: Json = {};
  for (const [key, v] of Object.entries(value)) {
    const part = parts.find((p) => p.toLowerCase() === key.toLowerCase());
    if (!part) throw badRequest(`Unknown attribute '${what}.${clip(key)}'.`, 'invalidSyntax');
    if (v === null || v === undefined) continue;
    out[part] =
      part === 'primary' ? readBoolean(v, `${what}.primary`) : readString(v, `${what}.${part}`);
  }
  return out;
}

function readMulti(value: unknown, name: string): Json[] {
  if (!Array.isArray(value)) throw badRequest(`'${name}' must be a list.`, 'invalidValue');
  if (value.length > MAX_VALUES) {
    throw badRequest(`'${name}' has more than ${MAX_VALUES} values.`, 'invalidValue');
  }
  return value.map((v) => readComplex(v, MULTI_VALUED[name] as readonly string[], name));
}

function readEnterprise(value: unknown): Json {
  if (!isObject(value))
    throw badRequest('The enterprise extension must be an object.', 'invalidValue');
  const out: Json = {};
  for (const [key, v] of Object.entries(value)) {
    if (v === null || v === undefined) continue;
    const lower = key.toLowerCase();
    const known = ENTERPRISE_STRINGS.find((p) => p.toLowerCase() === lower);
    if (known) out[known] = readString(v, known);
    else if (lower === 'manager') {
      // Entra ID sends the manager's id as a bare string.
      out.manager =
        typeof v === 'string'
          ? { value: readString(v, 'manager') }
          : readComplex(v, ['value', '$ref', 'displayName'], 'manager');
    } else throw badRequest(`Unknown attribute 'enterprise.${clip(key)}'.`, 'invalidSyntax');
  }
  return out;
}

/** A User body (POST, PUT, or the result of a PATCH) → what we store. */
export function readUser(body: unknown): UserInput {
  if (!isObject(body)) throw badRequest('The request body must be a JSON object.');
  if (body.schemas !== undefined) {
    if (!Array.isArray(body.schemas) || !body.schemas.every((x) => typeof x === 'string')) {
      throw badRequest("'schemas' must be a list of schema URNs.");
    }
  }
  let userName: string | null = null;
  let externalId: string | null = null;
  let active = true;
  const attributes: Json = {};
  for (const [key, value] of Object.entries(body)) {
    // `urn:…:core:2.0:User:userName` is the same attribute as `userName`.
    const bare = key.toLowerCase().startsWith(`${USER_SCHEMA.toLowerCase()}:`)
      ? key.slice(USER_SCHEMA.length + 1)
      : key;
    const name = CANONICAL.get(bare.toLowerCase());
    if (!name) throw badRequest(`Unknown attribute '${clip(key)}'.`, 'invalidSyntax');
    if (IGNORED.includes(name) || value === null || value === undefined) continue;
    if (name === 'userName') userName = readString(value, 'userName').trim();
    else if (name === 'externalId') externalId = readString(value, 'externalId');
    else if (name === 'active') active = readBoolean(value, 'active');
    else if (name === 'name') attributes.name = readComplex(value, NAME_PARTS, 'name');
    else if (name === ENTERPRISE_USER_SCHEMA) {
      const ext = readEnterprise(value);
      if (Object.keys(ext).length > 0) attributes[ENTERPRISE_USER_SCHEMA] = ext;
    } else if (name in MULTI_VALUED) attributes[name] = readMulti(value, name);
    else attributes[name] = readString(value, name);
  }
  if (!userName) throw badRequest("'userName' is required.", 'invalidValue');
  const emails = attributes.emails as Json[] | undefined;
  if (emails && emails.filter((e) => e.primary === true).length > 1) {
    throw badRequest("Only one of 'emails' may be primary.", 'invalidValue');
  }
  return { userName, externalId, active, attributes };
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * The member a User is in the portal: the e-mail the invitation goes to (the primary e-mail, else
 * the work one, else the first, else an e-mail-shaped userName, as Entra ID's UPNs are) and the
 * name the lists show.
 */
export function memberOf(user: UserInput): { name: string; email: string } {
  const emails = ((user.attributes.emails as Json[] | undefined) ?? []).filter(
    (e) => typeof e.value === 'string' && EMAIL.test(e.value.trim()),
  );
  const chosen =
    emails.find((e) => e.primary === true) ??
    emails.find((e) => typeof e.type === 'string' && e.type.toLowerCase() === 'work') ??
    emails[0];
  const email =
    (chosen?.value as string | undefined)?.trim() ??
    (EMAIL.test(user.userName) ? user.userName : null);
  if (!email) {
    throw badRequest(
      "A user needs an e-mail address: in 'emails', or as an e-mail-shaped 'userName'.",
      'invalidValue',
    );
  }
  const name = user.attributes.name as Json | undefined;
  const given = [name?.givenName, name?.familyName].filter(
    (p) => typeof p === 'string' && p.trim(),
  );
  const display =
    (user.attributes.displayName as string | undefined)?.trim() ||
    (name?.formatted as string | undefined)?.trim() ||
    given.join(' ').trim() ||
    email;
  return { name: display.slice(0, 200), email: email.slice(0, 320) };
}

export interface UserRow {
  scimId: string;
  userName: string;
  externalId: string | null;
  active: boolean;
  attributes: Json | null;
  created: Date;
  lastModified: Date;
}

/** What we answer for a User (before `attributes` / `excludedAttributes`). */
export function userResource(row: UserRow, location: string): Json {
  const attributes = row.attributes ?? {};
  return {
    schemas:
      ENTERPRISE_USER_SCHEMA in attributes ? [USER_SCHEMA, ENTERPRISE_USER_SCHEMA] : [USER_SCHEMA],
    id: row.scimId,
    ...(row.externalId !== null ? { externalId: row.externalId } : {}),
    userName: row.userName,
    ...attributes,
    active: row.active,
    meta: {
      resourceType: 'User',
      created: row.created.toISOString(),
      lastModified: row.lastModified.toISOString(),
      location,
    },
  };
}

function clip(text: string): string {
  return text.length > 60 ? `${text.slice(0, 60)}…` : text;
}
