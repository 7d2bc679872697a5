CREATE TABLE "runner_instances" (
	"id" text PRIMARY KEY NOT NULL,
	"host" text NOT NULL,
	"pid" integer NOT NULL,
	"machine" text,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"seen_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "task_executions" ADD COLUMN "instance_id" text;--> statement-breakpoint
ALTER TABLE "task_executions" ADD COLUMN "retry_of" integer;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "locked_by" text;
