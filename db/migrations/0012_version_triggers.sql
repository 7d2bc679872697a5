-- Version counters on schools that the chat engine's in-process caches compare on every message
-- (lib/chat/assistant-cache.ts): bumped here, by the database, so no writer can forget.

-- Any change to a school's retrieval passages bumps knowledge_version (one update per statement).
CREATE OR REPLACE FUNCTION lantern_bump_knowledge_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE schools SET knowledge_version = knowledge_version + 1 WHERE id IN (SELECT DISTINCT school_id FROM changed_rows);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER knowledge_chunks_inserted AFTER INSERT ON knowledge_chunks REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION lantern_bump_knowledge_version();
--> statement-breakpoint
CREATE TRIGGER knowledge_chunks_updated AFTER UPDATE ON knowledge_chunks REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION lantern_bump_knowledge_version();
--> statement-breakpoint
CREATE TRIGGER knowledge_chunks_deleted AFTER DELETE ON knowledge_chunks REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION lantern_bump_knowledge_version();
--> statement-breakpoint

-- Any change to what the assistant is told (persona, personality, rules, action prompts, lead
-- generation, fact sheet) bumps assistant_version.
CREATE OR REPLACE FUNCTION lantern_bump_assistant_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    UPDATE schools SET assistant_version = assistant_version + 1 WHERE id = OLD.school_id;
  ELSE
    UPDATE schools SET assistant_version = assistant_version + 1 WHERE id = NEW.school_id;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER persona_settings_changed AFTER INSERT OR UPDATE OR DELETE ON persona_settings FOR EACH ROW EXECUTE FUNCTION lantern_bump_assistant_version();
--> statement-breakpoint
CREATE TRIGGER personality_settings_changed AFTER INSERT OR UPDATE OR DELETE ON personality_settings FOR EACH ROW EXECUTE FUNCTION lantern_bump_assistant_version();
--> statement-breakpoint
CREATE TRIGGER special_instructions_changed AFTER INSERT OR UPDATE OR DELETE ON special_instructions FOR EACH ROW EXECUTE FUNCTION lantern_bump_assistant_version();
--> statement-breakpoint
CREATE TRIGGER action_prompts_changed AFTER INSERT OR UPDATE OR DELETE ON action_prompts FOR EACH ROW EXECUTE FUNCTION lantern_bump_assistant_version();
--> statement-breakpoint
CREATE TRIGGER lead_gen_settings_changed AFTER INSERT OR UPDATE OR DELETE ON lead_gen_settings FOR EACH ROW EXECUTE FUNCTION lantern_bump_assistant_version();
--> statement-breakpoint
CREATE TRIGGER fact_sheets_changed AFTER INSERT OR UPDATE OR DELETE ON fact_sheets FOR EACH ROW EXECUTE FUNCTION lantern_bump_assistant_version();
--> statement-breakpoint

-- A change to the school's own profile (name, contacts, tuition guidance…) bumps it too; the
-- counters' own updates above do not count as profile changes.
CREATE OR REPLACE FUNCTION lantern_school_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.knowledge_version = OLD.knowledge_version AND NEW.assistant_version = OLD.assistant_version THEN
    NEW.assistant_version := OLD.assistant_version + 1;
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER schools_changed BEFORE UPDATE ON schools FOR EACH ROW EXECUTE FUNCTION lantern_school_changed();
