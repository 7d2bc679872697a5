ALTER TABLE "schools" ADD COLUMN "time_zone" text DEFAULT 'UTC' NOT NULL;--> statement-breakpoint
ALTER TABLE "conversation_daily_stats" ADD COLUMN "lead_sources" jsonb DEFAULT '{}'::jsonb NOT NULL;
