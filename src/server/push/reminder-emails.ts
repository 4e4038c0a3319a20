// The emails of the kinds that had none before 'Avisos' (off unless chosen): the class tomorrow, an exam that opened.
import { dayLongText, dayOf, timeOf } from '../../shared/calendar.ts';
import { escapeHtml } from '../../shared/html.ts';

const footer = (preferencesLink: string) => ({
  text: ['', '—', 'Para elegir qué avisos recibís y cómo, entrá a Mi cuenta:', preferencesLink],
  html: `<hr><p style="color:#555;font-size:13px">Para elegir qué avisos recibís y cómo, entrá a <a href="${escapeHtml(preferencesLink)}">Mi cuenta</a>.</p>`,
});

export function lessonTomorrowEmail(input: {
  name: string;
  courseName: string;
  startsAt: Date;
  durationMinutes: number;
  place: string;
  topic: string;
  link: string;
  preferencesLink: string;
}) {
  const day = dayLongText(dayOf(input.startsAt));
  const time = timeOf(input.startsAt);
  const subject = `Mañana a las ${time}: clase presencial de "${input.courseName}"`;
  const details = [
    `Cuándo: ${day}, a las ${time} (${input.durationMinutes} minutos)`,
    ...(input.place ? [`Dónde: ${input.place}`] : []),
    ...(input.topic ? [`Tema: ${input.topic}`] : []),
  ];
  const end = footer(input.preferencesLink);
  const text = [
    `Hola ${input.name}:`,
    '',
    `Mañana tenés clase presencial del curso "${input.courseName}".`,
    '',
    ...details,
    '',
    input.link,
    ...end.text,
  ].join('\n');
  const html = `<p>Hola ${escapeHtml(input.name)}:</p>
<p>Mañana tenés clase presencial del curso <strong>${escapeHtml(input.courseName)}</strong>.</p>
<ul>${details.map((line) => `<li>${escapeHtml(line)}</li>`).join('')}</ul>
<p><a href="${escapeHtml(input.link)}">Ir al curso</a></p>
${end.html}`;
  return { subject, text, html };
}

export function examOpenEmail(input: {
  name: string;
  courseName: string;
  title: string;
  closesAt: Date | null;
  link: string;
  preferencesLink: string;
}) {
  const until = input.closesAt ? ` hasta el ${dayLongText(dayOf(input.closesAt))} a las ${timeOf(input.closesAt)}` : '';
  const subject = `Ya podés rendir "${input.title}"`;
  const end = footer(input.preferencesLink);
  const text = [
    `Hola ${input.name}:`,
    '',
    `Abrió el examen "${input.title}" del curso "${input.courseName}": podés rendirlo${until}.`,
    '',
    input.link,
    ...end.text,
  ].join('\n');
  const html = `<p>Hola ${escapeHtml(input.name)}:</p>
<p>Abrió el examen <strong>${escapeHtml(input.title)}</strong> del curso <strong>${escapeHtml(input.courseName)}</strong>: podés rendirlo${escapeHtml(until)}.</p>
<p><a href="${escapeHtml(input.link)}">Ir al examen</a></p>
${end.html}`;
  return { subject, text, html };
}
