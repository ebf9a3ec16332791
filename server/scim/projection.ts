/**
 * `attributes` and `excludedAttributes` (RFC 7644 §3.4.2.5, §3.9): which attributes an answer
 * holds. `id` and `schemas` are always returned; names are case-insensitive and may carry the
 * schema URN (`urn:…:User:name.familyName`) or be a sub-attribute (`name.familyName`).
 */
import { ENTERPRISE_USER_SCHEMA, GROUP_SCHEMA, USER_SCHEMA } from './schemas';
import { badRequest } from './errors';

type Json = Record<string, unknown>;

const ALWAYS = new Set(['id', 'schemas']);
const MAX_NAMES = 50;

export interface Projection {
  include: string[][] | null;
  exclude: string[][];
}

function names(list: string | undefined): string[][] {
  if (!list) return [];
  const parts = list
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
  if (parts.length > MAX_NAMES || list.length > 2000) {
    throw badRequest('Too many attribute names.', 'invalidValue');
  }
  return parts.map((p) => {
    const lower = p.toLowerCase();
    for (const urn of [USER_SCHEMA, GROUP_SCHEMA]) {
      if (lower.startsWith(`${urn.toLowerCase()}:`)) return lower.slice(urn.length + 1).split('.');
    }
    const ext = ENTERPRISE_USER_SCHEMA.toLowerCase();
    if (lower === ext) return [ext];
    if (lower.startsWith(`${ext}:`)) return [ext, ...lower.slice(ext.length + 1).split('.')];
    return lower.split('.');
  });
}

export function readProjection(attributes?: string, excluded?: string): Projection {
  const include = names(attributes);
  return { include: include.length > 0 ? include : null, exclude: names(excluded) };
}

export function project(resource: Json, p: Projection): Json {
  if (!p.include && p.exclude.length === 0) return resource;
  const out: Json = {};
  for (const [key, value] of Object.entries(resource)) {
    const k = key.toLowerCase();
    if (ALWAYS.has(k)) {
      out[key] = value;
      continue;
    }
    if (p.exclude.some((path) => path.length === 1 && path[0] === k)) continue;
    if (p.include) {
      const wanted = p.include.filter((path) => path[0] === k);
      if (wanted.length === 0) continue;
      if (wanted.some((path) => path.length === 1)) out[key] = value;
      else
        out[key] = pick(
          value,
          wanted.map((path) => path.slice(1)),
        );
    } else out[key] = value;
    const subExcluded = p.exclude.filter((path) => path[0] === k && path.length > 1);
    if (subExcluded.length > 0)
      out[key] = drop(
        out[key],
        subExcluded.map((path) => path.slice(1)),
      );
  }
  return out;
}

function pick(value: unknown, paths: string[][]): unknown {
  if (Array.isArray(value)) return value.map((v) => pick(v, paths));
  if (typeof value !== 'object' || value === null) return value;
  const out: Json = {};
  for (const [key, v] of Object.entries(value)) {
    const rest = paths.filter((path) => path[0] === key.toLowerCase());
    if (rest.length === 0) continue;
    out[key] = rest.some((path) => path.length === 1)
      ? v
      : pick(
          v,
          rest.map((path) => path.slice(1)),
        );
  }
  return out;
}

function drop(value: unknown, paths: string[][]): unknown {
  if (Array.isArray(value)) return value.map((v) => drop(v, paths));
  if (typeof value !== 'object' || value === null) return value;
  const out: Json = {};
  for (const [key, v] of Object.entries(value)) {
    const rest = paths.filter((path) => path[0] === key.toLowerCase());
    if (rest.some((path) => path.length === 1)) continue;
    out[key] =
      rest.length > 0
        ? drop(
            v,
            rest.map((path) => path.slice(1)),
          )
        : v;
  }
  return out;
}
