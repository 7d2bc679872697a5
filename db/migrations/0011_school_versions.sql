ALTER TABLE "schools" ADD COLUMN "knowledge_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "schools" ADD COLUMN "assistant_version" integer DEFAULT 0 NOT NULL;