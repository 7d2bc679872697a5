import 'server-only';
import type { LeadSavedSubscriber } from './events';

/**
 * What follows every saved lead, in order, inside the save's transaction: if one fails the lead is
 * not saved either, so nothing is half done. lib/leads/save.ts calls them after every lead write
 * (the chat, the quick info card, a handoff, staff). Each is imported when first called: the
 * subscribers' domains import lib/leads themselves (the event's shape, ./events.ts, imports neither).
 */
export const LEAD_SAVED_SUBSCRIBERS: readonly LeadSavedSubscriber[] = [
  // The school's CRM hears of the lead (lib/crm/deliveries.ts queues the webhook delivery).
  { name: 'crm_delivery', run: async (tx, lead) => (await import('@/lib/crm/deliveries')).queueLeadDelivery(tx, lead) },
];
