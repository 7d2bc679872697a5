CREATE TABLE "fact_sheets" (
	"school_id" integer PRIMARY KEY NOT NULL,
	"programs" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"athletic_teams" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"student_clubs" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"important_deadlines" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "blobs" ADD COLUMN "is_public" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "fact_sheets" ADD CONSTRAINT "fact_sheets_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;