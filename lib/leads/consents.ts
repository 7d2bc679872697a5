import 'server-only';
import { and, desc, eq } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { leadConsents, type ConsentChannel, type LeadSource } from '@/db/schema';
import { fieldQuestion } from './ask';
import { LEAD_FIELDS } from './fields';

// A consent record per change of a lead's opt-in: what the visitor (or staff for them) answered,
// to which question or form, and when. Written by the lead's save, in its transaction; a save that
// repeats the same answer records nothing new.

const CHANNELS = { opt_in_email: 'email', opt_in_sms: 'sms', opt_in_phone: 'phone' } as const satisfies Record<string, ConsentChannel>;
type OptIn = keyof typeof CHANNELS;

/** What the answer was given to: the chat's question, the quick info card's field, or staff's entry. */
function askedText(field: OptIn, source: LeadSource): string {
  const f = LEAD_FIELDS[field];
  if (source === 'chatbot_conversation') return fieldQuestion(field);
  if (source === 'chatbot_quickinfocard') return `${f.label} (quick info card): ${f.description}`;
  return `${f.label}, entered by staff: ${f.description}`;
}

/** Records each opt-in in `answers` that differs from the lead's last record of it. */
export async function recordConsents(tx: Executor, schoolId: number, leadId: number, source: LeadSource, answers: Partial<Record<OptIn, unknown>>): Promise<void> {
  for (const field of Object.keys(CHANNELS) as OptIn[]) {
    const granted = answers[field];
    if (typeof granted !== 'boolean') continue;
    const channel = CHANNELS[field];
    const [last] = await tx
      .select({ granted: leadConsents.granted })
      .from(leadConsents)
      .where(and(eq(leadConsents.schoolId, schoolId), eq(leadConsents.leadId, leadId), eq(leadConsents.channel, channel)))
      .orderBy(desc(leadConsents.id))
      .limit(1);
    if (last?.granted === granted) continue;
    await tx.insert(leadConsents).values({ schoolId, leadId, channel, granted, asked: askedText(field, source), source });
  }
}
