CREATE TABLE "interview_calls" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "interview_calls_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"school_id" integer NOT NULL,
	"staff_name" text NOT NULL,
	"phone_number" text NOT NULL,
	"topic" text DEFAULT 'academics' NOT NULL,
	"additional_instructions" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"call_error" text,
	"provider_call_id" text,
	"transcript" text,
	"interview_summary" text,
	"call_duration" integer,
	"called_at" timestamp with time zone,
	"connected_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "interview_calls" ADD CONSTRAINT "interview_calls_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "interview_calls_school_idx" ON "interview_calls" USING btree ("school_id");--> statement-breakpoint
CREATE INDEX "interview_calls_provider_idx" ON "interview_calls" USING btree ("provider_call_id");