CREATE TABLE "crm_integrations" (
	"school_id" integer PRIMARY KEY NOT NULL,
	"integration_name" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"webhook_url" text,
	"http_method" text DEFAULT 'POST' NOT NULL,
	"auth_type" text DEFAULT 'none' NOT NULL,
	"auth_value_sealed" text,
	"custom_headers" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"retry_failed" boolean DEFAULT true NOT NULL,
	"max_retry_attempts" integer DEFAULT 3 NOT NULL,
	"error_notification_email" text,
	"test_mode" boolean DEFAULT false NOT NULL,
	"field_mapping" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"last_test_success" boolean,
	"last_test_at" timestamp with time zone,
	"signing_secret_sealed" text NOT NULL,
	"disabled_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "crm_deliveries" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "crm_deliveries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"school_id" integer NOT NULL,
	"lead_id" integer,
	"event" text NOT NULL,
	"webhook_id" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"body" text,
	"test_mode" boolean DEFAULT false NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"last_status_code" integer,
	"last_duration_ms" integer,
	"last_response_excerpt" text,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "crm_delivery_attempts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "crm_delivery_attempts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"delivery_id" integer NOT NULL,
	"school_id" integer NOT NULL,
	"attempt" integer NOT NULL,
	"status_code" integer,
	"duration_ms" integer NOT NULL,
	"response_excerpt" text,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "crm_integrations" ADD CONSTRAINT "crm_integrations_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_deliveries" ADD CONSTRAINT "crm_deliveries_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_deliveries" ADD CONSTRAINT "crm_deliveries_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_delivery_attempts" ADD CONSTRAINT "crm_delivery_attempts_delivery_id_crm_deliveries_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "public"."crm_deliveries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_delivery_attempts" ADD CONSTRAINT "crm_delivery_attempts_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "crm_deliveries_webhook_id_idx" ON "crm_deliveries" USING btree ("webhook_id");--> statement-breakpoint
CREATE INDEX "crm_deliveries_school_idx" ON "crm_deliveries" USING btree ("school_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "crm_deliveries_unsent_lead_idx" ON "crm_deliveries" USING btree ("lead_id") WHERE "crm_deliveries"."status" = 'pending' and "crm_deliveries"."attempts" = 0;--> statement-breakpoint
CREATE INDEX "crm_delivery_attempts_delivery_idx" ON "crm_delivery_attempts" USING btree ("delivery_id","attempt");
