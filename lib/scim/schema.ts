import { z } from 'zod';

// SCIM 2.0 (RFC 7643, 7644) as Lantern speaks it at /scim/v2: the User resource's bodies and the
// school's SCIM token as the settings screen reads it. No server imports.

export const SCIM_USER_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:User';
export const SCIM_LIST_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:ListResponse';
export const SCIM_ERROR_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:Error';
export const SCIM_PATCH_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';
export const SCIM_CONTENT_TYPE = 'application/scim+json';
/** Largest page of GET /Users (ServiceProviderConfig's filter.maxResults). */
export const SCIM_MAX_RESULTS = 200;

/** GET /schools/my-school/sso/scim-token. */
export type ScimTokenStatus = { active: boolean; created_at: string | null; last_used_at: string | null; scim_base_url: string };
/** POST /schools/my-school/sso/scim-token: the token is shown this once. */
export type ScimTokenCreated = { token: string; scim_base_url: string; created_at: string };

/** A boolean, or Entra ID's "True"/"False" (any case). */
export const scimBoolean = z.union([z.boolean(), z.string().regex(/^(true|false)$/i).transform((v) => v.toLowerCase() === 'true')], {
  error: 'must be true or false',
});

export const scimUserName = z.string({ error: 'userName is required' }).trim().toLowerCase().max(254, 'userName must be at most 254 characters').pipe(z.email('userName must be an e-mail address'));
export const scimGivenName = z.string({ error: 'name.givenName must be text' }).trim().min(1, 'name.givenName cannot be empty').max(100, 'name.givenName must be at most 100 characters');
export const scimFamilyName = z.string({ error: 'name.familyName must be text' }).trim().max(100, 'name.familyName must be at most 100 characters');
export const scimExternalId = z.string({ error: 'externalId must be text' }).trim().max(255, 'externalId must be at most 255 characters');

/**
 * A User as POST and PUT send it. Attributes Lantern does not keep (displayName, emails, title, the
 * enterprise extension …) are accepted and ignored; `userName` is the staff member's e-mail.
 */
export const scimUserSchema = z.object({
  schemas: z.array(z.string().max(200)).max(10).optional(),
  userName: scimUserName,
  externalId: scimExternalId.nullish(),
  name: z.object({ givenName: scimGivenName.nullish(), familyName: scimFamilyName.nullish() }).nullish(),
  active: scimBoolean.optional(),
});

/** One PatchOp operation; `op` in any case (Entra sends "Replace"), `value` checked per attribute. */
const patchOperation = z.object({
  op: z.string({ error: 'op is required' }).trim().toLowerCase().pipe(z.enum(['add', 'replace', 'remove'], { error: 'op must be add, replace or remove' })),
  path: z.string({ error: 'path must be text' }).trim().max(500).optional(),
  value: z.unknown().optional(),
});

export const scimPatchSchema = z.object({
  schemas: z.array(z.string().max(200)).max(10).optional(),
  Operations: z.array(patchOperation, { error: 'Operations must be a list of operations' }).min(1, 'Operations is empty').max(100, 'At most 100 operations'),
});

export const scimListQuery = z.object({
  filter: z.string().optional(),
  startIndex: z.string().optional(),
  count: z.string().optional(),
  attributes: z.string().optional(),
  excludedAttributes: z.string().optional(),
});

export const scimIdParams = z.object({ id: z.string() });

export type ScimUserInput = z.infer<typeof scimUserSchema>;
export type ScimPatchOperation = z.infer<typeof patchOperation>;
