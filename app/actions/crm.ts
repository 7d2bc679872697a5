'use server';

import { z } from 'zod';

import { crmSetup, updateCrmIntegration } from '@/lib/crm/integration';
import { crmOperations } from '@/lib/crm/operations';
import { fieldMappingUpdateSchema } from '@/lib/crm/schema';
import { actionFor, staffAction } from '@/lib/http/action';

// The CRM Setup screen: the operations of /api/crm-integration, as server actions. The screen's
// first load (the integration or null, with its status) and the mapping-only save keep their own
// schemas and lib functions.
const none = z.undefined();

export const crmSetupAction = async () => staffAction(none, undefined, (ctx) => crmSetup(ctx));
export const createCrmIntegrationAction = actionFor(crmOperations.create);
export const updateCrmIntegrationAction = actionFor(crmOperations.update);
export const saveFieldMappingAction = async (input: unknown) => staffAction(fieldMappingUpdateSchema, input, (ctx, data) => updateCrmIntegration(ctx, data));
export const testCrmIntegrationAction = actionFor(crmOperations.test);
export const rotateCrmSecretAction = actionFor(crmOperations.rotateSecret);
export const crmDeliveriesAction = actionFor(crmOperations.deliveries);
export const replayCrmDeliveryAction = actionFor(crmOperations.replay);
export const unsentLeadsAction = actionFor(crmOperations.unsentLeads);
export const sendExistingLeadsAction = actionFor(crmOperations.sendExistingLeads);
