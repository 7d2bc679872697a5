import type { LeadSavedSubscriber } from '@/lib/leads/events';
import { LEAD_SAVED_SUBSCRIBERS } from '@/lib/leads/subscribers';

/**
 * Runs `fn` after the lead-saved subscribers, inside the save's transaction (a throw undoes the
 * save, as a failing subscriber would); answers how to stop. Stops in the reverse order of starts.
 */
export function afterLeadSaved(fn: LeadSavedSubscriber['run']): () => void {
  const last = LEAD_SAVED_SUBSCRIBERS.at(-1)!;
  const previous = last.run;
  last.run = async (tx, lead) => {
    await previous(tx, lead);
    await fn(tx, lead);
  };
  return () => {
    last.run = previous;
  };
}
