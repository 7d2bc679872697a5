CREATE TABLE "live_chat_settings" (
	"school_id" integer PRIMARY KEY NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"office_hours" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"wait_minutes" integer DEFAULT 3 NOT NULL,
	"notify_email" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "live_presence" (
	"user_id" integer NOT NULL,
	"school_id" integer NOT NULL,
	"available" boolean DEFAULT false NOT NULL,
	"seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "live_presence_school_id_user_id_pk" PRIMARY KEY("school_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "conversation_messages" ADD COLUMN "author_user_id" integer;--> statement-breakpoint
ALTER TABLE "conversation_messages" ADD COLUMN "author_name" text;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "live_status" text;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "live_waiting_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "live_held_by" integer;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "live_joined_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "live_chat_settings" ADD CONSTRAINT "live_chat_settings_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_presence" ADD CONSTRAINT "live_presence_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_presence" ADD CONSTRAINT "live_presence_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversation_messages" ADD CONSTRAINT "conversation_messages_author_user_id_users_id_fk" FOREIGN KEY ("author_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_live_held_by_users_id_fk" FOREIGN KEY ("live_held_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "conversations_live_idx" ON "conversations" USING btree ("school_id","live_status") WHERE "conversations"."live_status" is not null;