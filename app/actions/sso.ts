'use server';

import { actionFor } from '@/lib/http/action';
import { ssoOperations } from '@/lib/sso/operations';

// The Single Sign-On screen: the school's connection to its identity provider.

export const ssoConnectionAction = actionFor(ssoOperations.get);

export const saveSsoConnectionAction = actionFor(ssoOperations.save);

export const deleteSsoConnectionAction = actionFor(ssoOperations.remove);
