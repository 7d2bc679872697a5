'use server';

import { z } from 'zod';
import { listCrmDeliveries, replayCrmDelivery, sendExistingLeads, unsentLeads } from '@/lib/crm/deliveries';
import { createCrmIntegration, crmSetup, rotateSigningSecret, testCrmIntegration, updateCrmIntegration } from '@/lib/crm/integration';
import { crmOperations } from '@/lib/crm/operations';
import { fieldMappingUpdateSchema } from '@/lib/crm/schema';
import { actionFor, staffAction } from '@/lib/http/action';

// The CRM Setup screen: the operations of /api/crm-integration, as server actions. The screen's
// first load (the integration or null, with its status) and the mapping-only save keep their own
// schemas and lib functions.
const none = z.undefined();

export const crmSetupAction = async () => staffAction(none, undefined, (ctx) => crmSetup(ctx));
export const createCrmIntegrationAction = actionFor(crmOperations.create, ({ ctx, body }) => createCrmIntegration(ctx, body));
export const updateCrmIntegrationAction = actionFor(crmOperations.update, ({ ctx, body }) => updateCrmIntegration(ctx, body));
export const saveFieldMappingAction = async (input: unknown) => staffAction(fieldMappingUpdateSchema, input, (ctx, data) => updateCrmIntegration(ctx, data));
export const testCrmIntegrationAction = actionFor(crmOperations.test, ({ ctx }) => testCrmIntegration(ctx));
export const rotateCrmSecretAction = actionFor(crmOperations.rotateSecret, ({ ctx }) => rotateSigningSecret(ctx));
export const crmDeliveriesAction = actionFor(crmOperations.deliveries, ({ ctx, query }) => listCrmDeliveries(ctx, query));
export const replayCrmDeliveryAction = actionFor(crmOperations.replay, ({ ctx, params }) => replayCrmDelivery(ctx, params.id));
export const unsentLeadsAction = actionFor(crmOperations.unsentLeads, ({ ctx }) => unsentLeads(ctx));
export const sendExistingLeadsAction = actionFor(crmOperations.sendExistingLeads, ({ ctx }) => sendExistingLeads(ctx));
