import 'server-only';
import { defineOperations, type PublicLimit } from '@/lib/http/operation';
import { operation } from '@/lib/http/route';
import { resourceTypes, schemas, serviceProviderConfig } from './discovery';
import { scimJson } from './http';
import { scimIdParams, scimListQuery, scimPatchSchema, scimUserSchema } from './schema';
import { createScimToken, revokeScimToken, scimSchoolOf, scimTokenStatus } from './token';
import { createScimUser, deleteScimUser, getScimUser, listScimUsers, patchScimUser, replaceScimUser, type ScimUser } from './users';

// The school's SCIM token (its administrators, beside the single sign-on connection), and SCIM 2.0
// at /scim/v2 for its identity provider. The SCIM calls take no Lantern sign-in (`auth: 'none'`):
// each handler checks the school's SCIM token itself (401 otherwise), and their routes answer every
// refusal in SCIM's shape (`scimRoute`, lib/scim/http.ts).

const tokenTag = 'Single sign-on';
const tokenErrors = [401, 403, 404];

export const scimTokenOperations = defineOperations({
  tokenStatus: operation({
    method: 'GET', path: '/schools/my-school/sso/scim-token', tag: tokenTag, auth: 'bearer', errors: tokenErrors,
    summary: "Whether the school has a SCIM token: {active, created_at, last_used_at (null until its first use), scim_base_url (the provider's Tenant URL)}; never the token",
    handler: ({ ctx }) => scimTokenStatus(ctx),
  }),
  createToken: operation({
    method: 'POST', path: '/schools/my-school/sso/scim-token', tag: tokenTag, auth: 'bearer', errors: tokenErrors, status: 201,
    summary: "A new SCIM token for the school's identity provider, replacing the old one (which stops working at once): {token (shown this once: only its hash is kept), scim_base_url, created_at}",
    handler: ({ ctx }) => createScimToken(ctx),
  }),
  revokeToken: operation({
    method: 'DELETE', path: '/schools/my-school/sso/scim-token', tag: tokenTag, auth: 'bearer', errors: tokenErrors,
    summary: "Revoke the school's SCIM token: {message}; 404 without one",
    handler: ({ ctx }) => revokeScimToken(ctx),
  }),
});

/** A provisioning run sends a call or more per account; one client's calls per minute. */
export const SCIM_LIMIT: PublicLimit = { max: 600, windowSeconds: 60 };

const scim = { tag: 'SCIM', auth: 'none', limit: SCIM_LIMIT, responseDescription: 'application/scim+json' } as const;
const asScim = (body: unknown) => scimJson(body);
const created = (user: ScimUser) => scimJson(user, 201, { location: user.meta.location });
const TOKEN_NOTE = "Authorization: Bearer <the school's SCIM token>; errors in SCIM's shape {schemas, status, scimType, detail}";

export const scimOperations = defineOperations({
  serviceProviderConfig: operation({
    ...scim, method: 'GET', path: '/scim/v2/ServiceProviderConfig', errors: [401],
    summary: `SCIM: what Lantern supports (PATCH and filters; no bulk, sort, ETag or password change). ${TOKEN_NOTE}`,
    handler: async ({ req }) => {
      await scimSchoolOf(req);
      return serviceProviderConfig();
    },
    respond: asScim,
  }),
  resourceTypes: operation({
    ...scim, method: 'GET', path: '/scim/v2/ResourceTypes', errors: [401],
    summary: `SCIM: the resource types (User). ${TOKEN_NOTE}`,
    handler: async ({ req }) => {
      await scimSchoolOf(req);
      return resourceTypes();
    },
    respond: asScim,
  }),
  schemas: operation({
    ...scim, method: 'GET', path: '/scim/v2/Schemas', errors: [401],
    summary: `SCIM: the User schema as Lantern keeps it. ${TOKEN_NOTE}`,
    handler: async ({ req }) => {
      await scimSchoolOf(req);
      return schemas();
    },
    respond: asScim,
  }),
  listUsers: operation({
    ...scim, method: 'GET', path: '/scim/v2/Users', query: scimListQuery, errors: [400, 401],
    summary: `SCIM: the school's staff accounts in its single sign-on domains (superusers never), a ListResponse. filter: only userName eq "…" or externalId eq "…" (400 invalidFilter otherwise); startIndex from 1; count up to 200. ${TOKEN_NOTE}`,
    handler: async ({ req, query }) => listScimUsers(await scimSchoolOf(req), query),
    respond: asScim,
  }),
  createUser: operation({
    ...scim, method: 'POST', path: '/scim/v2/Users', body: scimUserSchema, status: 201, errors: [400, 401, 409],
    summary: `SCIM: a new staff account with no password (it signs in by single sign-on) and the connection's default role. userName: the e-mail, in one of the school's SSO domains (400 otherwise); name.givenName, name.familyName, externalId, active. 409 uniqueness when the school has the address. ${TOKEN_NOTE}`,
    handler: async ({ req, body }) => createScimUser(await scimSchoolOf(req), body),
    respond: created,
  }),
  getUser: operation({
    ...scim, method: 'GET', path: '/scim/v2/Users/{id}', params: scimIdParams, errors: [401, 404],
    summary: `SCIM: one account of the school in its single sign-on domains (another school's, one under another address or a superuser's: 404). ${TOKEN_NOTE}`,
    handler: async ({ req, params }) => getScimUser(await scimSchoolOf(req), params.id),
    respond: asScim,
  }),
  replaceUser: operation({
    ...scim, method: 'PUT', path: '/scim/v2/Users/{id}', params: scimIdParams, body: scimUserSchema, errors: [400, 401, 404, 409],
    summary: `SCIM: the account as the provider holds it (userName, name, externalId, active; attributes left out are kept). active false deactivates it and ends its sessions at once. ${TOKEN_NOTE}`,
    handler: async ({ req, params, body }) => replaceScimUser(await scimSchoolOf(req), params.id, body),
    respond: asScim,
  }),
  patchUser: operation({
    ...scim, method: 'PATCH', path: '/scim/v2/Users/{id}', params: scimIdParams, body: scimPatchSchema, errors: [400, 401, 404, 409],
    summary: `SCIM PatchOp: add/replace/remove (any case) of active (a boolean or "True"/"False"), userName, name.givenName, name.familyName, name, externalId; with a path, or without one and the attributes in the value. Other attributes are ignored. active false deactivates the account and ends its sessions at once; true reactivates it. ${TOKEN_NOTE}`,
    handler: async ({ req, params, body }) => patchScimUser(await scimSchoolOf(req), params.id, body.Operations),
    respond: asScim,
  }),
  deleteUser: operation({
    ...scim, method: 'DELETE', path: '/scim/v2/Users/{id}', params: scimIdParams, status: 204, errors: [401, 404],
    summary: `SCIM: delete the account, as User Management's delete does (its sessions end with it): 204. ${TOKEN_NOTE}`,
    handler: async ({ req, params }) => deleteScimUser(await scimSchoolOf(req), params.id),
  }),
});
