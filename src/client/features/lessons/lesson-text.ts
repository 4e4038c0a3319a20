// How a class is named on the instructor's and the trainee's screens.
import { dayLongText, timeOf } from '../../../shared/calendar.ts';
import { attendanceStatusLabels, type AttendanceStatus, type Lesson } from '../../../shared/schemas/lessons.ts';

/** When the class ends (HH:mm in the course's zone). */
export const endTime = (lesson: Pick<Lesson, 'startsAt' | 'durationMinutes'>) =>
  timeOf(new Date(new Date(lesson.startsAt).getTime() + lesson.durationMinutes * 60_000));

/** 'sábado, 28 de noviembre de 2026'. */
export const lessonDay = (lesson: Pick<Lesson, 'date'>) => dayLongText(lesson.date);

/** 'Sábado, 28 de noviembre de 2026' as a title. */
export const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** '09:00 a 13:00'. */
export const lessonHours = (lesson: Pick<Lesson, 'time' | 'startsAt' | 'durationMinutes'>) => `${lesson.time} a ${endTime(lesson)}`;

/** Attended so far: 'Presente' and 'Tarde'. */
export const presentOf = (lesson: Pick<Lesson, 'counts'>) => lesson.counts.presente + lesson.counts.tarde;

export const phaseLabels: Record<Lesson['phase'], string> = {
  proxima: 'Próxima',
  abierta: 'Tomando asistencia',
  terminada: 'Terminada',
};

export const statusColors: Record<AttendanceStatus, string> = {
  presente: 'green',
  tarde: 'yellow',
  justificado: 'blue',
  ausente: 'red',
};

export { attendanceStatusLabels };
