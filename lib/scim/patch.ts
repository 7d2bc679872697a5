import type { z } from 'zod';
import { attributePath } from './filter';
import { scimBadRequest } from './http';
import { scimBoolean, scimExternalId, scimFamilyName, scimGivenName, scimUserName, type ScimPatchOperation, type ScimUserInput } from './schema';

// What a PATCH (RFC 7644 §3.5.2) or a PUT asks of an account, in Lantern's terms. Entra ID sends
// `{"op":"Replace","path":"active","value":"False"}` (capitalised ops, string booleans), Okta
// `{"op":"replace","value":{"active":false}}` (no path, the attributes in the value): both read
// the same. Attributes Lantern does not keep (emails, displayName, title, the enterprise extension
// …) are ignored, so a provider's default attribute mapping does not fail every update.

export type UserChanges = { email?: string; firstName?: string; lastName?: string; active?: boolean; externalId?: string | null };

function valueOf<S extends z.ZodType>(schema: S, value: unknown, attribute: string): z.infer<S> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw scimBadRequest('invalidValue', `${attribute}: ${parsed.error.issues[0]?.message ?? 'invalid value'}`);
  return parsed.data;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Sets one attribute (a path such as `active`, `name.givenName`, `name`) to a value. */
function set(changes: UserChanges, path: string, value: unknown): void {
  switch (attributePath(path)) {
    case 'active':
      changes.active = valueOf(scimBoolean, value, 'active');
      return;
    case 'username':
      changes.email = valueOf(scimUserName, value, 'userName');
      return;
    case 'externalid':
      changes.externalId = value === null ? null : valueOf(scimExternalId, value, 'externalId');
      return;
    case 'name.givenname':
      changes.firstName = valueOf(scimGivenName, value, 'name.givenName');
      return;
    case 'name.familyname':
      changes.lastName = value === null ? '' : valueOf(scimFamilyName, value, 'name.familyName');
      return;
    case 'name':
      if (!isObject(value)) throw scimBadRequest('invalidValue', 'name must be an object');
      for (const [key, v] of Object.entries(value)) set(changes, `name.${key}`, v);
      return;
    default:
      // Not an attribute Lantern keeps: ignored.
      return;
  }
}

/** A removal: externalId and the family name can be emptied; what an account cannot be without (its e-mail, first name, activity) is kept. */
function remove(changes: UserChanges, path: string): void {
  const attribute = attributePath(path);
  if (attribute === 'externalid') changes.externalId = null;
  else if (attribute === 'name.familyname') changes.lastName = '';
}

/** The changes a PatchOp's operations make, in order (a later operation on an attribute wins). */
export function changesFromPatch(operations: ScimPatchOperation[]): UserChanges {
  const changes: UserChanges = {};
  for (const op of operations) {
    if (op.op === 'remove') {
      if (!op.path) throw scimBadRequest('noTarget', 'A remove operation needs a path');
      remove(changes, op.path);
    } else if (op.path) {
      set(changes, op.path, op.value);
    } else {
      // No path: the value holds the attributes (Okta), each key a path of its own ("name.givenName" too).
      if (!isObject(op.value)) throw scimBadRequest('invalidValue', `An ${op.op} operation without a path needs an object of attributes as its value`);
      for (const [key, v] of Object.entries(op.value)) set(changes, key, v);
    }
  }
  return changes;
}

/** A PUT's changes: the resource as the provider holds it; what it leaves out is kept. */
export function changesFromResource(input: ScimUserInput): UserChanges {
  return {
    email: input.userName,
    ...(input.name?.givenName ? { firstName: input.name.givenName } : {}),
    ...(input.name?.familyName !== undefined && input.name?.familyName !== null ? { lastName: input.name.familyName } : {}),
    ...(input.active !== undefined ? { active: input.active } : {}),
    ...(input.externalId !== undefined ? { externalId: input.externalId } : {}),
  };
}
