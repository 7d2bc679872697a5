ALTER TABLE "conversation_daily_stats" ADD COLUMN "handoffs" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "conversation_daily_stats" ADD COLUMN "engaged_seconds" double precision DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "conversation_daily_stats" ADD COLUMN "by_hour" integer[] DEFAULT '{}'::int[] NOT NULL;--> statement-breakpoint
ALTER TABLE "conversation_daily_stats" ADD COLUMN "lead_conversations" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "conversation_daily_stats" ADD COLUMN "messages_before_leads" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "conversation_daily_stats" ADD COLUMN "messages_sent" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "conversation_daily_stats" ADD COLUMN "characters" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "conversation_daily_stats" ADD COLUMN "response_time_sum_ms" double precision DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "conversation_daily_stats" ADD COLUMN "response_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "conversation_daily_stats" ADD COLUMN "leads_with_email" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "conversation_daily_stats" ADD COLUMN "leads_with_phone" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "conversation_daily_stats" ADD COLUMN "leads_with_both" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "conversation_daily_stats" ADD COLUMN "analyzed_turns" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "conversation_daily_stats" ADD COLUMN "sentiments" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "conversation_daily_stats" ADD COLUMN "topics" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "conversation_daily_stats" ADD COLUMN "rollup_version" smallint DEFAULT 0 NOT NULL;