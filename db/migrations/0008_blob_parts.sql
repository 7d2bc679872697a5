CREATE TABLE "blob_parts" (
	"blob_id" uuid NOT NULL,
	"idx" integer NOT NULL,
	"data" "bytea" NOT NULL,
	CONSTRAINT "blob_parts_blob_id_idx_pk" PRIMARY KEY("blob_id","idx")
);
--> statement-breakpoint
ALTER TABLE "blob_parts" ADD CONSTRAINT "blob_parts_blob_id_blobs_id_fk" FOREIGN KEY ("blob_id") REFERENCES "public"."blobs"("id") ON DELETE cascade ON UPDATE no action;