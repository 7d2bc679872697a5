ALTER TABLE "chatbot_settings" ADD COLUMN "lead_retention_days" integer;--> statement-breakpoint
ALTER TABLE "chatbot_settings" ADD COLUMN "prospect_retention_days" integer;