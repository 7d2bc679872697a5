// The lead-generation value lists, apart from the tables: the Lead Gen screen's
// schema imports them, and a browser bundle should not carry drizzle's table builders with them.
export const COLLECTION_MODES = ['conversational', 'smart_card'] as const;
export type CollectionMode = (typeof COLLECTION_MODES)[number];
export const ASK_LEVELS = ['critical', 'ask_thrice', 'ask_twice', 'ask_once', 'natural', 'never'] as const;
export type AskLevel = (typeof ASK_LEVELS)[number];

// `staff_entry`: a lead a staff member typed in on the Leads page (POST /leads/).
export const LEAD_SOURCES = ['chatbot_conversation', 'chatbot_quickinfocard', 'staff_entry'] as const;
export type LeadSource = (typeof LEAD_SOURCES)[number];
