// Clases presenciales and attendance. What other parts of the trainee's record read of it (the
// trainee's page, the class board, 'Mi cuenta') is `attendanceSummarySchema`.
import * as z from 'zod/mini';
import { LESSON_MINUTES_MAX, LESSON_MINUTES_MIN, LESSON_PLACE_MAX, LESSON_TOPIC_MAX } from '../attendance-rules.ts';
import { lessonMessages, tooLong } from '../messages.ts';
import { dayInputSchema } from './dates.ts';

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

// --- The instructor's classes and the attendance code ---------------------------------------

const text = (max: number, what: string) => z.optional(z.string().check(z.trim(), z.maxLength(max, tooLong(what, max))));

/**
 * 'Nueva clase' and 'Editar': the day (yyyy-mm-dd) and time (HH:mm) in the course's zone, how
 * long it lasts, where and about what (both optional).
 */
export const lessonInputSchema = z.object({
  date: dayInputSchema(lessonMessages.invalidDate),
  time: z.string({ error: lessonMessages.invalidTime }).check(z.regex(/^([01]\d|2[0-3]):[0-5]\d$/, lessonMessages.invalidTime)),
  durationMinutes: z
    .number({ error: lessonMessages.duration(LESSON_MINUTES_MIN, LESSON_MINUTES_MAX) })
    .check(
      z.int(lessonMessages.duration(LESSON_MINUTES_MIN, LESSON_MINUTES_MAX)),
      z.gte(LESSON_MINUTES_MIN, lessonMessages.duration(LESSON_MINUTES_MIN, LESSON_MINUTES_MAX)),
      z.lte(LESSON_MINUTES_MAX, lessonMessages.duration(LESSON_MINUTES_MIN, LESSON_MINUTES_MAX)),
    ),
  place: text(LESSON_PLACE_MAX, 'El lugar'),
  topic: text(LESSON_TOPIC_MAX, 'El tema'),
});
export type LessonInput = z.infer<typeof lessonInputSchema>;

export const lessonPhases = ['proxima', 'abierta', 'terminada'] as const;

/** How many trainees have each status in a class. */
export const attendanceCountsSchema = z.object({
  presente: z.number(),
  tarde: z.number(),
  justificado: z.number(),
  ausente: z.number(),
});
export type AttendanceCounts = z.infer<typeof attendanceCountsSchema>;

/** A class as the instructor sees it, with its attendance so far. */
export const lessonSchema = z.object({
  id: z.string(),
  courseId: z.string(),
  /** yyyy-mm-dd and HH:mm in the course's zone. */
  date: z.string(),
  time: z.string(),
  startsAt: z.string(),
  durationMinutes: z.number(),
  place: z.string(),
  topic: z.string(),
  /** 'Cancelar clase': kept and shown cancelled (in the trainees' calendars too); it takes no attendance. */
  cancelled: z.boolean(),
  /** 'proxima' before its attendance opens, 'abierta' while it takes attendance, 'terminada' after. */
  phase: z.enum(lessonPhases),
  counts: attendanceCountsSchema,
  /** Trainees with the course enabled. */
  enrolled: z.number(),
});
export type Lesson = z.infer<typeof lessonSchema>;

const courseRef = z.object({ id: z.string(), name: z.string() });

export const lessonListSchema = z.object({ course: courseRef, enrolled: z.number(), lessons: z.array(lessonSchema) });
export type LessonList = z.infer<typeof lessonListSchema>;

/** A trainee on a class's list: every trainee with the course enabled (and anyone marked in it). */
export const rosterEntrySchema = z.object({
  userId: z.string(),
  name: z.string(),
  email: z.string(),
  status: z.nullable(attendanceStatusSchema),
  source: z.nullable(z.enum(['codigo', 'instructor'])),
  markedAt: z.nullable(z.string()),
  /** False for someone marked in the class whose course was blocked since. */
  enrolled: z.boolean(),
});
export type RosterEntry = z.infer<typeof rosterEntrySchema>;

export const lessonDetailSchema = z.object({ course: courseRef, lesson: lessonSchema, roster: z.array(rosterEntrySchema) });
export type LessonDetail = z.infer<typeof lessonDetailSchema>;

/** The instructor marks by hand: a status, or null to clear it. */
export const attendanceMarkSchema = z.object({ status: z.nullable(attendanceStatusSchema) });
export type AttendanceMark = z.infer<typeof attendanceMarkSchema>;

/**
 * 'Tomar asistencia': the code to show now (null while the class does not take attendance), the
 * seconds until the next one, the link the QR code holds, and how many are present so far.
 */
export const lessonCodeSchema = z.object({
  lesson: lessonSchema,
  opensAt: z.string(),
  closesAt: z.string(),
  code: z.nullable(z.string()),
  secondsLeft: z.number(),
  link: z.nullable(z.string()),
  present: z.number(),
});
export type LessonCode = z.infer<typeof lessonCodeSchema>;

/** What the trainee types (or the QR's link fills in): 6 digits; spaces are forgiven. */
export const attendanceCodeInputSchema = z.object({
  code: z.string({ error: lessonMessages.codeFormat }).check(
    z.overwrite((code) => code.replace(/\s/g, '')),
    z.regex(/^\d{6}$/, lessonMessages.codeFormat),
  ),
});
export type AttendanceCodeInput = z.infer<typeof attendanceCodeInputSchema>;

/** The class running now in a course, for the trainee's 'Marcar asistencia' button, and their status in it. */
export const currentLessonSchema = z.object({
  lesson: z.nullable(
    z.object({ id: z.string(), date: z.string(), time: z.string(), topic: z.string(), place: z.string(), closesAt: z.string() }),
  ),
  status: z.nullable(attendanceStatusSchema),
});
export type CurrentLesson = z.infer<typeof currentLessonSchema>;

export const attendanceMarkedSchema = z.object({ message: z.string(), status: attendanceStatusSchema });
export type AttendanceMarked = z.infer<typeof attendanceMarkedSchema>;

/** 'Cancelar clase' (true) or 'Volver a dar la clase' (false). */
export const lessonCancelSchema = z.object({ cancelled: z.boolean() });
