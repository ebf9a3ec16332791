/**
 * PATCH (RFC 7644 §3.5.2) applied by `scim-patch` to the resource as we answer it; the result is
 * then read again like a PUT body (user-resource.ts, group-resource.ts), so a PATCH can store
 * nothing a PUT could not. Okta's and Entra ID's forms reach the library in one shape: op names in
 * any case ("Replace"), and a value object without a path (`{"active": false}`).
 */
import { scimPatch, ScimError, type ScimPatchOperation, type ScimResource } from 'scim-patch';
import { badRequest, type ScimErrorType } from './errors';
import { isObject } from './user-resource';
import { ENTERPRISE_USER_SCHEMA } from './schemas';

/** More than any identity provider sends in one request (Entra ID batches group members by 20). */
export const MAX_PATCH_OPERATIONS = 200;

export function applyPatch(
  resource: Record<string, unknown>,
  body: unknown,
): Record<string, unknown> {
  if (!isObject(body) || !Array.isArray(body.Operations)) {
    throw badRequest("A PATCH body is a PatchOp message with a list of 'Operations'.");
  }
  if (body.Operations.length === 0) throw badRequest("'Operations' is empty.");
  if (body.Operations.length > MAX_PATCH_OPERATIONS) {
    throw badRequest(`More than ${MAX_PATCH_OPERATIONS} operations in one PATCH.`);
  }
  const operations = body.Operations.flatMap((op): ScimPatchOperation[] => {
    if (!isObject(op) || typeof op.op !== 'string') {
      throw badRequest("Each operation needs an 'op' (add, replace or remove).");
    }
    const name = op.op.toLowerCase();
    if (name !== 'add' && name !== 'replace' && name !== 'remove') {
      throw badRequest(`Unknown operation '${op.op.slice(0, 40)}'.`);
    }
    if (op.path !== undefined && typeof op.path !== 'string') {
      throw badRequest("An operation's 'path' must be a string.", 'invalidPath');
    }
    if (name === 'remove') {
      if (!op.path) throw badRequest("A 'remove' needs a 'path'.", 'noTarget');
      // Entra ID removes group members as `{"path": "members", "value": [{"value": id}]}`: the
      // elements to remove are named by their `value` alone, while the library would compare
      // whole elements (ours carry display, $ref and type too).
      if (
        Array.isArray(op.value) &&
        !op.path.includes('[') &&
        op.value.every(
          (v) => isObject(v) && typeof v.value === 'string' && Object.keys(v).length === 1,
        )
      ) {
        return op.value.map((v) => ({
          op: 'remove' as const,
          path: `${op.path as string}[value eq ${JSON.stringify((v as { value: string }).value)}]`,
        }));
      }
      return [{ op: name, path: op.path, ...('value' in op ? { value: op.value } : {}) }];
    }
    if (!('value' in op)) throw badRequest(`An '${name}' needs a 'value'.`, 'invalidValue');
    if (op.path === undefined && !isObject(op.value)) {
      throw badRequest(`An '${name}' without a 'path' needs an object 'value'.`, 'invalidValue');
    }
    // Entra ID sets the manager with the manager's id as a bare string; it replaces the whole
    // manager (an `add` of a string onto the stored object would be refused by the library).
    if (
      typeof op.path === 'string' &&
      op.path.toLowerCase().endsWith(`${ENTERPRISE_USER_SCHEMA.toLowerCase()}:manager`) &&
      typeof op.value === 'string'
    ) {
      return [{ op: 'replace', path: op.path, value: { value: op.value } }];
    }
    return [{ op: name, ...(op.path ? { path: op.path } : {}), value: op.value }];
  });
  try {
    const patched = scimPatch(structuredClone(resource) as unknown as ScimResource, operations, {
      mutateDocument: true,
    });
    return patched as unknown as Record<string, unknown>;
  } catch (error) {
    if (error instanceof ScimError) {
      const type = (error as { scimCode?: string }).scimCode;
      throw badRequest(error.message.slice(0, 300), (type as ScimErrorType) ?? 'invalidSyntax');
    }
    // The library's own failures on odd input (a path into a string, …) are the client's input.
    throw badRequest('The PATCH operations cannot be applied to this resource.', 'invalidPath');
  }
}
