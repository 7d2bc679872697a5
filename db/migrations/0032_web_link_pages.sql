ALTER TABLE "web_links" ADD COLUMN "pages_read" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "web_links" ADD COLUMN "scrape_error" text;