/** The SCIM Group (RFC 7643 §4.2): what we accept and what we answer. Pure. */
import { badRequest } from './errors';
import { GROUP_SCHEMA } from './schemas';
import { isObject } from './user-resource';

/** Members of one group we take in one request. */
export const MAX_GROUP_MEMBERS = 10_000;

export interface GroupInput {
  displayName: string;
  externalId: string | null;
  /** The members' SCIM ids (Users only: groups in groups are not supported). */
  members: string[];
}

const KNOWN = new Map(
  ['displayName', 'externalId', 'members', 'id', 'meta', 'schemas'].map((n) => [
    n.toLowerCase(),
    n,
  ]),
);

export function readGroup(body: unknown): GroupInput {
  if (!isObject(body)) throw badRequest('The request body must be a JSON object.');
  let displayName: string | null = null;
  let externalId: string | null = null;
  let members: string[] = [];
  for (const [key, value] of Object.entries(body)) {
    const bare = key.toLowerCase().startsWith(`${GROUP_SCHEMA.toLowerCase()}:`)
      ? key.slice(GROUP_SCHEMA.length + 1)
      : key;
    const name = KNOWN.get(bare.toLowerCase());
    if (!name) throw badRequest(`Unknown attribute '${key.slice(0, 60)}'.`, 'invalidSyntax');
    if (value === null || value === undefined) continue;
    if (name === 'displayName') {
      if (typeof value !== 'string' || !value.trim() || value.length > 256) {
        throw badRequest("'displayName' must be a non-empty string.", 'invalidValue');
      }
      displayName = value.trim();
    } else if (name === 'externalId') {
      if (typeof value !== 'string' || value.length > 1024) {
        throw badRequest("'externalId' must be a string.", 'invalidValue');
      }
      externalId = value;
    } else if (name === 'members') {
      if (!Array.isArray(value)) throw badRequest("'members' must be a list.", 'invalidValue');
      if (value.length > MAX_GROUP_MEMBERS) {
        throw badRequest(`More than ${MAX_GROUP_MEMBERS} members.`, 'invalidValue');
      }
      members = value.map((m) => {
        if (!isObject(m) || typeof m.value !== 'string' || m.value.length > 100) {
          throw badRequest("Each member needs a 'value': a User's id.", 'invalidValue');
        }
        if (typeof m.type === 'string' && m.type.toLowerCase() === 'group') {
          throw badRequest('Groups cannot be members of groups here.', 'invalidValue');
        }
        return m.value;
      });
    }
  }
  if (!displayName) throw badRequest("'displayName' is required.", 'invalidValue');
  return { displayName, externalId, members: [...new Set(members)] };
}

export interface GroupRow {
  id: string;
  displayName: string;
  externalId: string | null;
  created: Date;
  lastModified: Date;
  members: { value: string; display: string }[];
}

export function groupResource(row: GroupRow, location: string, usersBase: string) {
  return {
    schemas: [GROUP_SCHEMA],
    id: row.id,
    ...(row.externalId !== null ? { externalId: row.externalId } : {}),
    displayName: row.displayName,
    members: row.members.map((m) => ({
      value: m.value,
      display: m.display,
      $ref: `${usersBase}/${m.value}`,
      type: 'User',
    })),
    meta: {
      resourceType: 'Group',
      created: row.created.toISOString(),
      lastModified: row.lastModified.toISOString(),
      location,
    },
  };
}
