import 'server-only';
import { SCIM_LIST_SCHEMA, SCIM_MAX_RESULTS, SCIM_USER_SCHEMA } from './schema';
import { scimBaseUrl } from './token';

// What the service provider offers (RFC 7644 §4), read by a provider when it is connected: PATCH and
// the two filters, no bulk, sort, ETag or password change; one resource type, User.

export function serviceProviderConfig() {
  return {
    schemas: ['urn:ietf:params:scim:schemas:core:2.0:ServiceProviderConfig'],
    patch: { supported: true },
    bulk: { supported: false, maxOperations: 0, maxPayloadSize: 0 },
    filter: { supported: true, maxResults: SCIM_MAX_RESULTS },
    changePassword: { supported: false },
    sort: { supported: false },
    etag: { supported: false },
    authenticationSchemes: [
      { type: 'oauthbearertoken', name: 'OAuth Bearer Token', description: "The school's SCIM token, made on Lantern's Single Sign-On settings", primary: true },
    ],
    meta: { resourceType: 'ServiceProviderConfig', location: `${scimBaseUrl()}/ServiceProviderConfig` },
  };
}

const list = (resources: unknown[]) => ({ schemas: [SCIM_LIST_SCHEMA], totalResults: resources.length, startIndex: 1, itemsPerPage: resources.length, Resources: resources });

export function resourceTypes() {
  return list([
    {
      schemas: ['urn:ietf:params:scim:schemas:core:2.0:ResourceType'],
      id: 'User',
      name: 'User',
      endpoint: '/Users',
      description: 'A staff account of the school',
      schema: SCIM_USER_SCHEMA,
      meta: { resourceType: 'ResourceType', location: `${scimBaseUrl()}/ResourceTypes/User` },
    },
  ]);
}

const attribute = (name: string, type: string, extra: Record<string, unknown> = {}) => ({
  name,
  type,
  multiValued: false,
  required: false,
  caseExact: false,
  mutability: 'readWrite',
  returned: 'default',
  uniqueness: 'none',
  ...extra,
});

/** The User schema, as far as Lantern keeps it. */
export function schemas() {
  return list([
    {
      schemas: ['urn:ietf:params:scim:schemas:core:2.0:Schema'],
      id: SCIM_USER_SCHEMA,
      name: 'User',
      description: 'A staff account: userName is its e-mail address',
      attributes: [
        attribute('userName', 'string', { required: true, uniqueness: 'server', description: "The staff member's e-mail address, in one of the school's single sign-on domains" }),
        attribute('externalId', 'string', { caseExact: true }),
        attribute('name', 'complex', { subAttributes: [attribute('givenName', 'string'), attribute('familyName', 'string'), attribute('formatted', 'string', { mutability: 'readOnly' })] }),
        attribute('displayName', 'string', { mutability: 'readOnly' }),
        attribute('emails', 'complex', { multiValued: true, mutability: 'readOnly', subAttributes: [attribute('value', 'string'), attribute('type', 'string'), attribute('primary', 'boolean')] }),
        attribute('active', 'boolean', { description: 'false: the account is deactivated and its sessions end at once' }),
      ],
      meta: { resourceType: 'Schema', location: `${scimBaseUrl()}/Schemas/${SCIM_USER_SCHEMA}` },
    },
  ]);
}
