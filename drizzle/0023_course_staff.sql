CREATE TABLE "course_staff" (
	"course_id" text NOT NULL,
	"user_id" text NOT NULL,
	"role" text NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "course_staff_course_id_user_id_role_pk" PRIMARY KEY("course_id","user_id","role"),
	CONSTRAINT "course_staff_role_check" CHECK ("course_staff"."role" in ('instructor', 'ayudante', 'observador', 'tesoreria'))
);
--> statement-breakpoint
ALTER TABLE "record_change" ADD COLUMN "kind" text DEFAULT 'otros' NOT NULL;--> statement-breakpoint
ALTER TABLE "course_staff" ADD CONSTRAINT "course_staff_course_id_course_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."course"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_staff" ADD CONSTRAINT "course_staff_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "course_staff_user_idx" ON "course_staff" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "record_change_course_at_idx" ON "record_change" USING btree ("course_id","at");--> statement-breakpoint
-- Entries written before there were kinds, sorted by the words each kind's entries begin with
-- (shared/messages.ts): payments above all, which not every reader of a record may see.
UPDATE "record_change" SET "kind" = CASE
  WHEN "summary" LIKE 'Pago de %' OR "summary" LIKE 'Comprobante adjuntado %' OR "summary" LIKE 'Opción de pago %'
    OR "summary" LIKE 'Plan de pagos%' OR "summary" LIKE 'Recordatorios de cuotas %' OR "summary" LIKE 'Módulo "%" habilitado por lo pagado %' THEN 'pagos'
  WHEN "summary" LIKE 'Clase del %' OR "summary" LIKE 'Asistencia a la clase %' THEN 'asistencia'
  WHEN "summary" LIKE 'Prueba física %' OR "summary" LIKE 'Observación de partido %' THEN 'observaciones'
  WHEN "summary" LIKE 'Acta N° %' OR "summary" LIKE 'Requisitos%' OR "summary" LIKE 'Inscripto por su licencia %'
    OR "summary" LIKE 'Curso de actualización %' THEN 'aprobacion'
  WHEN "summary" LIKE 'Certificado %' THEN 'certificados'
  ELSE 'otros'
END;
