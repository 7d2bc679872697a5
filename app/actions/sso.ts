'use server';

import { actionFor } from '@/lib/http/action';
import { scimTokenOperations } from '@/lib/scim/operations';
import { ssoOperations } from '@/lib/sso/operations';

// The Single Sign-On screen: the school's connection to its identity provider.

export const ssoConnectionAction = actionFor(ssoOperations.get);

export const saveSsoConnectionAction = actionFor(ssoOperations.save);

export const deleteSsoConnectionAction = actionFor(ssoOperations.remove);

export const scimTokenStatusAction = actionFor(scimTokenOperations.tokenStatus);

export const createScimTokenAction = actionFor(scimTokenOperations.createToken);

export const revokeScimTokenAction = actionFor(scimTokenOperations.revokeToken);
