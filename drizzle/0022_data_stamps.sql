CREATE TABLE "data_stamp" (
	"scope" text PRIMARY KEY NOT NULL,
	"stamp" text NOT NULL
);
--> statement-breakpoint
-- What a student's pages show is kept by each app instance between requests (pages/kept-rows.ts)
-- with the stamps of what it was read from; a page is read anew once a stamp has changed. A stamp
-- is a new random value for each change (never a counter: a database restored from a copy never
-- gives an old stamp to new data), set when the change commits: the triggers are deferred, so
-- the stamp's row is locked only for the commit, not for the rest of a transaction.
CREATE FUNCTION "set_data_stamp"("changed_scope" text) RETURNS void LANGUAGE sql AS $$
  INSERT INTO "data_stamp" ("scope", "stamp") VALUES ("changed_scope", gen_random_uuid()::text)
  ON CONFLICT ("scope") DO UPDATE SET "stamp" = excluded."stamp"
$$;
--> statement-breakpoint
-- A row changed in a table a page reads. The trigger's argument says whose it is: the column naming
-- the person ('user_id'; 'id' for the user itself), 'activity_id' for an activity's item (the
-- activity's person), or nothing for what every student shares ('content').
CREATE FUNCTION "stamp_data_change"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  "person_column" text := TG_ARGV[0];
  "before" text;
  "after" text;
BEGIN
  IF "person_column" IS NULL THEN
    PERFORM set_data_stamp('content');
    RETURN NULL;
  END IF;
  IF TG_OP <> 'INSERT' THEN "before" := to_jsonb(OLD) ->> "person_column"; END IF;
  IF TG_OP <> 'DELETE' THEN "after" := to_jsonb(NEW) ->> "person_column"; END IF;
  IF "person_column" = 'activity_id' THEN
    -- An item whose activity went in the same transaction: the activity's own trigger stamps its person.
    SELECT a."user_id" INTO "before" FROM "activity" a WHERE a."id" = "before";
    SELECT a."user_id" INTO "after" FROM "activity" a WHERE a."id" = "after";
  END IF;
  IF "after" IS NOT NULL THEN PERFORM set_data_stamp('user:' || "after"); END IF;
  IF "before" IS NOT NULL AND "before" IS DISTINCT FROM "after" THEN PERFORM set_data_stamp('user:' || "before"); END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Emptying a table at once (no row triggers fire): everything kept is read anew.
CREATE FUNCTION "stamp_data_truncate"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM set_data_stamp('content');
  RETURN NULL;
END
$$;
--> statement-breakpoint
DO $$
DECLARE
  "watched" record;
BEGIN
  -- Every table a page's statement reads (pages/routes.ts), but the session: it is read on every request.
  FOR "watched" IN
    SELECT * FROM (VALUES
      ('user', 'id'), ('course_access', 'user_id'), ('module_access', 'user_id'), ('activity', 'user_id'),
      ('activity_item', 'activity_id'), ('jugada_answer', 'user_id'), ('video_progress', 'user_id'),
      ('course', NULL), ('module', NULL), ('video', NULL), ('video_rendition', NULL), ('jugada', NULL), ('exam', NULL)
    ) AS t("table_name", "person_column")
  LOOP
    EXECUTE format(
      'CREATE CONSTRAINT TRIGGER "data_stamp" AFTER INSERT OR UPDATE OR DELETE ON %I DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION stamp_data_change(%s)',
      "watched"."table_name", coalesce(quote_literal("watched"."person_column"), ''));
    EXECUTE format('CREATE TRIGGER "data_stamp_truncate" AFTER TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION stamp_data_truncate()', "watched"."table_name");
  END LOOP;
END
$$;
