CREATE TABLE "task_executions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "task_executions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"task_name" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"trigger" text DEFAULT 'schedule' NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"duration_seconds" double precision,
	"result_summary" text,
	"error_message" text
);
--> statement-breakpoint
CREATE INDEX "task_executions_started_idx" ON "task_executions" USING btree ("started_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "task_executions_task_started_idx" ON "task_executions" USING btree ("task_name","started_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "task_executions_status_started_idx" ON "task_executions" USING btree ("status","started_at" DESC NULLS LAST);