-- A trainee's module list flags a module whose exam they can take now ('Examen abierto', 'Examen en
-- curso'): the pages read each exam's attempts of the person (pages/routes.ts). Starting an attempt,
-- handing it in or its time running out changes that person's pages: their stamp, as in 0022.
CREATE CONSTRAINT TRIGGER "data_stamp" AFTER INSERT OR UPDATE OR DELETE ON "exam_attempt"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION stamp_data_change('user_id');
--> statement-breakpoint
CREATE TRIGGER "data_stamp_truncate" AFTER TRUNCATE ON "exam_attempt" FOR EACH STATEMENT EXECUTE FUNCTION stamp_data_truncate();
