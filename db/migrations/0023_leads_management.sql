CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "lead_exports" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "lead_exports_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"school_id" integer NOT NULL,
	"user_id" integer,
	"export_type" text NOT NULL,
	"from_date" timestamp with time zone,
	"to_date" timestamp with time zone,
	"field_count" integer NOT NULL,
	"lead_count" integer NOT NULL,
	"marks_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "lead_exports" ADD CONSTRAINT "lead_exports_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_exports" ADD CONSTRAINT "lead_exports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lead_exports_school_mark_idx" ON "lead_exports" USING btree ("school_id","marks_until");--> statement-breakpoint
CREATE INDEX "leads_search_trgm_idx" ON "leads" USING gin ((lower(coalesce(first_name, '') || ' ' || coalesce(last_name, '') || ' ' || coalesce(preferred_name, '') || ' ' || coalesce(email, '') || ' ' || coalesce(phone, ''))) gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "conversations_lead_idx" ON "conversations" USING btree ("lead_id") WHERE "conversations"."lead_id" is not null;
--> statement-breakpoint
CREATE INDEX "leads_school_real_created_idx" ON "leads" USING btree ("school_id","created_at","id") WHERE not "leads"."is_test";
