CREATE TABLE "school_vocabulary" (
	"school_id" integer PRIMARY KEY NOT NULL,
	"groups" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "school_vocabulary" ADD CONSTRAINT "school_vocabulary_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The school's vocabulary shapes its chat index (concept tokens, spelling): a change bumps knowledge_version.
CREATE TRIGGER school_vocabulary_inserted AFTER INSERT ON school_vocabulary REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION lantern_bump_knowledge_version();
--> statement-breakpoint
CREATE TRIGGER school_vocabulary_updated AFTER UPDATE ON school_vocabulary REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION lantern_bump_knowledge_version();
--> statement-breakpoint
CREATE TRIGGER school_vocabulary_deleted AFTER DELETE ON school_vocabulary REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION lantern_bump_knowledge_version();
