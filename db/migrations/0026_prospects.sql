ALTER TABLE "schools" ADD COLUMN "prospects_enabled" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
CREATE TABLE "prospect_batches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"school_id" integer NOT NULL,
	"filename" text NOT NULL,
	"file_type" text NOT NULL,
	"encoding" text,
	"blob_id" uuid,
	"field_mappings" jsonb NOT NULL,
	"status" text DEFAULT 'processing' NOT NULL,
	"total_rows" integer,
	"processed_rows" integer DEFAULT 0 NOT NULL,
	"imported" integer DEFAULT 0 NOT NULL,
	"updated" integer DEFAULT 0 NOT NULL,
	"skipped" integer DEFAULT 0 NOT NULL,
	"error_count" integer DEFAULT 0 NOT NULL,
	"errors" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"message" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "prospects" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "prospects_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"school_id" integer NOT NULL,
	"internal_id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"external_id" text,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email" text,
	"phone" text,
	"address_street1" text,
	"address_street2" text,
	"address_city" text,
	"address_state" text,
	"address_zip" text,
	"address_country" text,
	"status" text,
	"anticipated_program" text,
	"anticipated_start_date" date,
	"custom_fields" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"batch_id" uuid,
	"updated_batch_id" uuid,
	"search_text" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple', regexp_replace(lower(coalesce(first_name, '') || ' ' || coalesce(last_name, '') || ' ' || coalesce(email, '') || ' ' || coalesce(phone, '') || ' ' || coalesce(external_id, '')), '[^[:alnum:]]+', ' ', 'g'))) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "prospect_batch_previous" (
	"batch_id" uuid NOT NULL,
	"prospect_id" integer NOT NULL,
	"previous" jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "prospect_batches" ADD CONSTRAINT "prospect_batches_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prospect_batches" ADD CONSTRAINT "prospect_batches_blob_id_blobs_id_fk" FOREIGN KEY ("blob_id") REFERENCES "public"."blobs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prospect_batches" ADD CONSTRAINT "prospect_batches_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prospects" ADD CONSTRAINT "prospects_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prospects" ADD CONSTRAINT "prospects_batch_id_prospect_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."prospect_batches"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prospects" ADD CONSTRAINT "prospects_updated_batch_id_prospect_batches_id_fk" FOREIGN KEY ("updated_batch_id") REFERENCES "public"."prospect_batches"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prospect_batch_previous" ADD CONSTRAINT "prospect_batch_previous_batch_id_prospect_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."prospect_batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prospect_batch_previous" ADD CONSTRAINT "prospect_batch_previous_prospect_id_prospects_id_fk" FOREIGN KEY ("prospect_id") REFERENCES "public"."prospects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "prospect_batches_school_idx" ON "prospect_batches" USING btree ("school_id","created_at");--> statement-breakpoint
CREATE INDEX "prospects_school_created_idx" ON "prospects" USING btree ("school_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "prospects_school_external_id_key" ON "prospects" USING btree ("school_id","external_id") WHERE external_id is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "prospects_school_email_key" ON "prospects" USING btree ("school_id",lower("email")) WHERE email is not null;--> statement-breakpoint
CREATE INDEX "prospects_batch_idx" ON "prospects" USING btree ("batch_id");--> statement-breakpoint
CREATE INDEX "prospects_updated_batch_idx" ON "prospects" USING btree ("updated_batch_id");--> statement-breakpoint
CREATE INDEX "prospects_search_idx" ON "prospects" USING gin ("search_text");--> statement-breakpoint
CREATE UNIQUE INDEX "prospect_batch_previous_key" ON "prospect_batch_previous" USING btree ("batch_id","prospect_id");
