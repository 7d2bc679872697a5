import 'server-only';
import type { Executor } from '@/db/client';
import type { LeadSource } from '@/db/schema';

/** What a saved lead tells its subscribers. */
export type LeadSavedEvent = { id: number; created: boolean; schoolId: number; source: LeadSource; isTest: boolean };

export type LeadSavedSubscriber = { name: string; run: (tx: Executor, lead: LeadSavedEvent) => Promise<void> };

