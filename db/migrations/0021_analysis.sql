CREATE TABLE "conversation_daily_stats" (
	"school_id" integer NOT NULL,
	"day" date NOT NULL,
	"conversations" integer DEFAULT 0 NOT NULL,
	"widget_loaded" integer DEFAULT 0 NOT NULL,
	"widget_opened" integer DEFAULT 0 NOT NULL,
	"engaged" integer DEFAULT 0 NOT NULL,
	"messages" integer DEFAULT 0 NOT NULL,
	"leads" integer DEFAULT 0 NOT NULL,
	"avg_response_time_ms" real,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "conversation_daily_stats_school_id_day_pk" PRIMARY KEY("school_id","day")
);
--> statement-breakpoint
ALTER TABLE "conversation_messages" ADD COLUMN "sentiment" text;--> statement-breakpoint
ALTER TABLE "conversation_messages" ADD COLUMN "topics" jsonb;--> statement-breakpoint
ALTER TABLE "conversation_messages" ADD COLUMN "analyzed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "conversation_messages" ADD COLUMN "analysis_failures" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "overall_sentiment" text;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "topics" jsonb;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "engagement_score" real;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "key_points" jsonb;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "analyzed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "conversation_daily_stats" ADD CONSTRAINT "conversation_daily_stats_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "conversation_messages_unanalyzed_idx" ON "conversation_messages" USING btree ("school_id","id") WHERE "conversation_messages"."role" = 'user' and "conversation_messages"."analyzed_at" is null;