-- 'Registro de cambios' is append-only: no statement edits or deletes an entry. Only a foreign key's
-- own action reaches one (the deletion of its course, a person's account deleted from the
-- database): that comes from the key's trigger, one level deeper than a statement's.
CREATE FUNCTION "record_change_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF pg_trigger_depth() <= 1 THEN
    RAISE EXCEPTION 'El registro de cambios no se modifica ni se borra' USING ERRCODE = 'insufficient_privilege';
  END IF;
  IF TG_OP = 'UPDATE' THEN RETURN NEW; END IF;
  RETURN OLD;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "record_change_append_only" BEFORE UPDATE OR DELETE ON "record_change"
  FOR EACH ROW EXECUTE FUNCTION record_change_append_only();
