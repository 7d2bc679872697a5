ALTER TABLE "task_executions" ADD COLUMN "scheduled_for" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "task_executions_schedule_tick_idx" ON "task_executions" USING btree ("task_name","scheduled_for");
