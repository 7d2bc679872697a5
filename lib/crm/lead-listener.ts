import 'server-only';
import { onLeadSaved } from '@/lib/leads/save';
import { queueLeadDelivery } from './deliveries';

// Imported for its effect by every module that saves leads: the CRM delivery is queued inside each
// lead write's transaction. Registered once per process, however many bundles import it.
const key = Symbol.for('lantern.crmLeadListener');
const holder = globalThis as { [key]?: true };
if (!holder[key]) {
  holder[key] = true;
  onLeadSaved(queueLeadDelivery);
}
