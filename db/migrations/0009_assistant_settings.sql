CREATE TABLE "persona_settings" (
	"school_id" integer PRIMARY KEY NOT NULL,
	"ai_name" text NOT NULL,
	"role_description" text DEFAULT '' NOT NULL,
	"avatar_url" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "personality_settings" (
	"school_id" integer PRIMARY KEY NOT NULL,
	"tone" text NOT NULL,
	"formality" text NOT NULL,
	"response_style" text NOT NULL,
	"enthusiasm" text NOT NULL,
	"empathy_level" text NOT NULL,
	"humor_level" text NOT NULL,
	"personality_traits" jsonb NOT NULL,
	"custom_instructions" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "special_instructions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "special_instructions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"school_id" integer NOT NULL,
	"title" text NOT NULL,
	"instruction_text" text NOT NULL,
	"instruction_type" text DEFAULT 'general' NOT NULL,
	"priority" integer DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "voice_settings" (
	"school_id" integer PRIMARY KEY NOT NULL,
	"voice_id" text NOT NULL,
	"voice_name" text NOT NULL,
	"stability" real NOT NULL,
	"similarity_boost" real NOT NULL,
	"style" real NOT NULL,
	"use_speaker_boost" boolean NOT NULL,
	"preview_text" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "persona_settings" ADD CONSTRAINT "persona_settings_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "personality_settings" ADD CONSTRAINT "personality_settings_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "special_instructions" ADD CONSTRAINT "special_instructions_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voice_settings" ADD CONSTRAINT "voice_settings_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "special_instructions_school_idx" ON "special_instructions" USING btree ("school_id","priority");