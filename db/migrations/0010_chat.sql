CREATE TABLE "lead_gen_settings" (
	"school_id" integer PRIMARY KEY NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"collection_mode" text DEFAULT 'conversational' NOT NULL,
	"field_order" jsonb NOT NULL,
	"field_settings" jsonb NOT NULL,
	"minimum_requirements" text NOT NULL,
	"collection_instructions" text DEFAULT '' NOT NULL,
	"smart_card_instructions" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "leads" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "leads_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"school_id" integer NOT NULL,
	"first_name" text,
	"last_name" text,
	"preferred_name" text,
	"email" text,
	"phone" text,
	"phone_type" text,
	"source" text NOT NULL,
	"graduation_year" integer,
	"intended_major" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"degree_level" text,
	"state_province" text,
	"parent_email" text,
	"parent_phone" text,
	"conversation_count" integer DEFAULT 1 NOT NULL,
	"last_interaction_at" timestamp with time zone DEFAULT now() NOT NULL,
	"session_id" text,
	"date_of_birth" text,
	"opt_in_email" boolean,
	"opt_in_sms" boolean,
	"opt_in_phone" boolean,
	"gpa" real,
	"is_test" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chatbot_settings" (
	"school_id" integer PRIMARY KEY NOT NULL,
	"enable_widget_logging" boolean DEFAULT true NOT NULL,
	"retention_days" integer DEFAULT 90 NOT NULL,
	"auto_delete_enabled" boolean DEFAULT false NOT NULL,
	"allowed_origins" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "conversation_messages" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "conversation_messages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"conversation_id" integer NOT NULL,
	"school_id" integer NOT NULL,
	"position" integer NOT NULL,
	"role" text NOT NULL,
	"content" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"response_time_ms" integer,
	"user_feedback_rating" smallint,
	"sources" jsonb,
	"model" text
);
--> statement-breakpoint
CREATE TABLE "conversations" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "conversations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"school_id" integer NOT NULL,
	"session_id" text NOT NULL,
	"source" text DEFAULT 'widget' NOT NULL,
	"status" text DEFAULT 'widget_loaded' NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone DEFAULT now() NOT NULL,
	"widget_opened_at" timestamp with time zone,
	"engaged_at" timestamp with time zone,
	"message_count" integer DEFAULT 0 NOT NULL,
	"client_hash" text,
	"lead_id" integer,
	"lead_data" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "widget_api_keys" (
	"school_id" integer NOT NULL,
	"kind" text NOT NULL,
	"key_hash" text NOT NULL,
	"key_encrypted" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "widget_api_keys_school_id_kind_pk" PRIMARY KEY("school_id","kind")
);
--> statement-breakpoint
CREATE TABLE "widget_styling" (
	"school_id" integer PRIMARY KEY NOT NULL,
	"styling" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "lead_gen_settings" ADD CONSTRAINT "lead_gen_settings_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chatbot_settings" ADD CONSTRAINT "chatbot_settings_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversation_messages" ADD CONSTRAINT "conversation_messages_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversation_messages" ADD CONSTRAINT "conversation_messages_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "widget_api_keys" ADD CONSTRAINT "widget_api_keys_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "widget_styling" ADD CONSTRAINT "widget_styling_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "leads_session_idx" ON "leads" USING btree ("school_id","session_id");--> statement-breakpoint
CREATE INDEX "leads_school_created_idx" ON "leads" USING btree ("school_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "conversation_messages_position_idx" ON "conversation_messages" USING btree ("conversation_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "conversations_session_idx" ON "conversations" USING btree ("school_id","session_id");--> statement-breakpoint
CREATE INDEX "conversations_school_started_idx" ON "conversations" USING btree ("school_id","started_at");--> statement-breakpoint
CREATE UNIQUE INDEX "widget_api_keys_hash_idx" ON "widget_api_keys" USING btree ("key_hash");