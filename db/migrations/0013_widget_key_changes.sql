-- Every widget call resolves its key to the school's row (lib/widget/key-cache.ts). A process that
-- keeps those answers in memory listens on this channel; the database tells it which school
-- changed (a key issued or revoked, its chatbot settings, the school's profile or version
-- counters), so no writer can forget to. Postgres folds repeated notifications of one transaction,
-- so a row that keeps its school sends one.
CREATE OR REPLACE FUNCTION lantern_widget_settings_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM pg_notify('lantern_widget_keys', OLD.school_id::text);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM pg_notify('lantern_widget_keys', NEW.school_id::text);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION lantern_widget_school_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('lantern_widget_keys', OLD.id::text);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER widget_api_keys_notify AFTER INSERT OR UPDATE OR DELETE ON widget_api_keys FOR EACH ROW EXECUTE FUNCTION lantern_widget_settings_changed();
--> statement-breakpoint
CREATE TRIGGER chatbot_settings_notify AFTER INSERT OR UPDATE OR DELETE ON chatbot_settings FOR EACH ROW EXECUTE FUNCTION lantern_widget_settings_changed();
--> statement-breakpoint
CREATE TRIGGER schools_notify AFTER UPDATE OR DELETE ON schools FOR EACH ROW EXECUTE FUNCTION lantern_widget_school_changed();
