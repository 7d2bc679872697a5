CREATE TABLE "web_links" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "web_links_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"school_id" integer NOT NULL,
	"name" text NOT NULL,
	"url" text NOT NULL,
	"drill_into_subpages" boolean DEFAULT false NOT NULL,
	"insights_summary" text,
	"scrape_status" text DEFAULT 'pending' NOT NULL,
	"pages_scraped" integer DEFAULT 0 NOT NULL,
	"last_scraped_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "web_links" ADD CONSTRAINT "web_links_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "web_links_school_url_uq" ON "web_links" USING btree ("school_id",lower("url"));--> statement-breakpoint
CREATE INDEX "web_links_school_idx" ON "web_links" USING btree ("school_id");