// Clases presenciales and attendance. What other parts of the trainee's record read of it (the
// trainee's page, the class board, 'Mi cuenta') is `attendanceSummarySchema`.
import * as z from 'zod/mini';

export const attendanceStatuses = ['presente', 'tarde', 'justificado', 'ausente'] as const;
export const attendanceStatusSchema = z.enum(attendanceStatuses);
export type AttendanceStatus = z.infer<typeof attendanceStatusSchema>;
export const attendanceStatusLabels: Record<AttendanceStatus, string> = {
  presente: 'Presente',
  tarde: 'Tarde',
  justificado: 'Justificado',
  ausente: 'Ausente',
};

/**
 * A trainee's attendance in a course: of the classes that have started (`held`, less the ones
 * 'Justificado'), how many they attended ('Presente' or 'Tarde'); `percent` is null before any.
 */
export const attendanceSummarySchema = z.object({
  held: z.number(),
  attended: z.number(),
  justified: z.number(),
  percent: z.nullable(z.number()),
});
export type AttendanceSummary = z.infer<typeof attendanceSummarySchema>;

/** Each class of the course, in date order, with the trainee's status (null: not marked). */
export const traineeAttendanceSchema = z.object({
  summary: attendanceSummarySchema,
  lessons: z.array(
    z.object({
      id: z.string(),
      /** yyyy-mm-dd and HH:mm in the course's zone. */
      date: z.string(),
      time: z.string(),
      topic: z.string(),
      place: z.string(),
      status: z.nullable(attendanceStatusSchema),
    }),
  ),
});
export type TraineeAttendance = z.infer<typeof traineeAttendanceSchema>;
