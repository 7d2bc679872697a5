ALTER TABLE "knowledge_chunks" ADD COLUMN "url" text;--> statement-breakpoint
-- Passages read before this: cited with their web link's address until the link is read again.
UPDATE "knowledge_chunks" k SET "url" = w."url" FROM "web_links" w WHERE k."source_type" IN ('web_link', 'web_page') AND k."source_id" = w."id"::text;
