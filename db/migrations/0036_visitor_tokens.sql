-- Existing conversations count as claimed (a token was "issued" now): a widget that has none for them starts a new session.
ALTER TABLE "conversations" ADD COLUMN "live_seen_index" integer DEFAULT -1 NOT NULL;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "live_missed_pending" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "visitor_token_at" timestamp with time zone DEFAULT now();