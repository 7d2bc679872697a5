'use server';

import { z } from 'zod';
import { listCrmDeliveries, replayCrmDelivery } from '@/lib/crm/deliveries';
import { createCrmIntegration, crmSetup, rotateSigningSecret, testCrmIntegration, updateCrmIntegration } from '@/lib/crm/integration';
import { crmIntegrationCreateSchema, crmIntegrationUpdateSchema, deliveriesQuerySchema, fieldMappingUpdateSchema } from '@/lib/crm/schema';
import { staffAction } from '@/lib/http/action';
import { idField } from '@/lib/auth/schema';

// The CRM Setup screen: the same lib functions and schemas as /api/crm-integration.
const none = z.undefined();

export const crmSetupAction = async () => staffAction(none, undefined, (ctx) => crmSetup(ctx));
export const createCrmIntegrationAction = async (input: unknown) => staffAction(crmIntegrationCreateSchema, input, (ctx, data) => createCrmIntegration(ctx, data));
export const updateCrmIntegrationAction = async (input: unknown) => staffAction(crmIntegrationUpdateSchema, input, (ctx, data) => updateCrmIntegration(ctx, data));
export const saveFieldMappingAction = async (input: unknown) => staffAction(fieldMappingUpdateSchema, input, (ctx, data) => updateCrmIntegration(ctx, data));
export const testCrmIntegrationAction = async () => staffAction(none, undefined, (ctx) => testCrmIntegration(ctx));
export const rotateCrmSecretAction = async () => staffAction(none, undefined, (ctx) => rotateSigningSecret(ctx));
export const crmDeliveriesAction = async (input: unknown) => staffAction(deliveriesQuerySchema, input, (ctx, q) => listCrmDeliveries(ctx, q));
export const replayCrmDeliveryAction = async (input: unknown) => staffAction(z.object({ id: idField }), input, (ctx, { id }) => replayCrmDelivery(ctx, id));
