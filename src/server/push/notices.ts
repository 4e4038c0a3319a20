// What each notice says: one line that says what happened, the course as its title, and the page
// it opens (a path of the app, opened by the service worker on the phone's tap).
import { dayLongText, dayOf, timeOf } from '../../shared/calendar.ts';
import { pesos } from '../../shared/money.ts';
import type { NoticePayload } from '../../shared/schemas/notices.ts';

const seg = encodeURIComponent;

/** 'del Módulo 2' for a module named so; 'de «Faltas y sanciones»' otherwise. */
export const ofModule = (name: string) => (/^m[oó]dulo\b/i.test(name.trim()) ? `del ${name.trim()}` : `de «${name.trim()}»`);

export function correctionNotice(input: {
  courseName: string;
  courseId: string;
  moduleId: string;
  moduleName: string;
  changed: boolean;
}): NoticePayload {
  return {
    title: input.courseName,
    body: input.changed
      ? `Cambió la corrección de tu actividad ${ofModule(input.moduleName)}`
      : `Tu actividad ${ofModule(input.moduleName)} fue corregida`,
    url: `/${seg(input.courseId)}/${seg(input.moduleId)}/actividades`,
    tag: `correccion:${input.moduleId}`,
  };
}

export function forumReplyNotice(input: {
  courseName: string;
  courseId: string;
  moduleId: string;
  moduleName: string;
  authorName: string;
}): NoticePayload {
  return {
    title: input.courseName,
    body: `${input.authorName} respondió en el foro ${ofModule(input.moduleName)}`,
    url: `/${seg(input.courseId)}/${seg(input.moduleId)}/preguntas`,
    tag: `foro:${input.moduleId}`,
  };
}

export function lessonTomorrowNotice(input: {
  courseName: string;
  courseId: string;
  lessonId: string;
  startsAt: Date;
  place: string;
  topic: string;
}): NoticePayload {
  const where = input.place ? ` en ${input.place}` : '';
  const about = input.topic ? `: ${input.topic}` : '';
  return {
    title: input.courseName,
    body: `Mañana a las ${timeOf(input.startsAt)}, clase presencial${where}${about}`,
    url: `/${seg(input.courseId)}`,
    tag: `clase:${input.lessonId}`,
  };
}

export function lessonCancelledNotice(input: { courseName: string; courseId: string; lessonId: string; startsAt: Date }): NoticePayload {
  return {
    title: input.courseName,
    body: `Se canceló la clase presencial del ${dayLongText(dayOf(input.startsAt))} a las ${timeOf(input.startsAt)}`,
    url: `/${seg(input.courseId)}`,
    // The same tag as the class's reminder: a cancellation replaces it on the phone.
    tag: `clase:${input.lessonId}`,
  };
}

export function instalmentNotice(input: {
  courseName: string;
  courseId: string;
  amount: number;
  dueDate: string;
  today: boolean;
}): NoticePayload {
  return {
    title: input.courseName,
    body: input.today
      ? `Hoy vence tu cuota de ${pesos(input.amount)}`
      : `Tu cuota de ${pesos(input.amount)} vence el ${dayLongText(input.dueDate)}`,
    url: '/mi-cuenta',
    tag: `cuota:${input.courseId}:${input.dueDate}`,
  };
}

export function examOpenNotice(input: {
  courseName: string;
  courseId: string;
  moduleId: string;
  examId: string;
  title: string;
  closesAt: Date | null;
}): NoticePayload {
  const until = input.closesAt ? `, hasta el ${dayLongText(dayOf(input.closesAt))} a las ${timeOf(input.closesAt)}` : '';
  return {
    title: input.courseName,
    body: `Ya podés rendir «${input.title}»${until}`,
    url: `/${seg(input.courseId)}/${seg(input.moduleId)}/examen/${seg(input.examId)}`,
    tag: `examen:${input.examId}`,
  };
}

export function licenceNotice(input: { courseName: string; level: string; expiresOn: string; certificateId: string }): NoticePayload {
  const licence = input.level ? `Tu licencia de ${input.level}` : 'Tu licencia';
  return {
    title: input.courseName,
    body: `${licence} vence el ${dayLongText(input.expiresOn)}: consultá por el curso de actualización`,
    url: '/mi-cuenta/certificados',
    tag: `licencia:${input.certificateId}`,
  };
}

export function submissionNotice(input: {
  courseName: string;
  courseId: string;
  moduleId: string;
  moduleName: string;
  studentId: string;
  studentName: string;
}): NoticePayload {
  return {
    title: input.courseName,
    body: `${input.studentName} envió sus respuestas ${ofModule(input.moduleName)} para corregir`,
    url: `/admin/users-activities/${seg(input.studentId)}/cursos/${seg(input.courseId)}/modules/${seg(input.moduleId)}`,
    tag: `entrega:${input.studentId}:${input.moduleId}`,
  };
}

export function questionNotice(input: { courseName: string; moduleId: string; moduleName: string; authorName: string }): NoticePayload {
  return {
    title: input.courseName,
    body: `${input.authorName} escribió en el foro ${ofModule(input.moduleName)}`,
    url: `/admin/question-modules/${seg(input.moduleId)}`,
    tag: `pregunta:${input.moduleId}`,
  };
}
