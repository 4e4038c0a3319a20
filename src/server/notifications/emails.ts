// The notification emails: Spanish, plain text and HTML, each with the link to change the choice.
import { escapeHtml } from '../../shared/html.ts';

const footerText = (preferencesLink: string) => ['', '—', 'Para elegir qué emails recibís, entrá a Mi cuenta:', preferencesLink];
const footerHtml = (preferencesLink: string) =>
  `<hr><p style="color:#555;font-size:13px">Para elegir qué emails recibís, entrá a <a href="${escapeHtml(preferencesLink)}">Mi cuenta</a>.</p>`;

const excerpt = (text: string, max = 400) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

export function forumRepliesEmail(input: {
  name: string;
  moduleName: string;
  replies: Array<{ authorName: string; body: string }>;
  link: string;
  preferencesLink: string;
}) {
  const { name, moduleName, replies, link, preferencesLink } = input;
  const many = replies.length > 1;
  const subject = many
    ? `${replies.length} respuestas nuevas en el foro de "${moduleName}"`
    : `Te respondieron en el foro de "${moduleName}"`;
  const text = [
    `Hola ${name}:`,
    '',
    many
      ? `Hay ${replies.length} respuestas nuevas de tus instructores en el foro del módulo "${moduleName}":`
      : `Tu instructor respondió en el foro del módulo "${moduleName}":`,
    '',
    ...replies.flatMap((reply) => [`${reply.authorName}: ${excerpt(reply.body)}`, '']),
    'Leé la conversación y seguila en el foro:',
    link,
    ...footerText(preferencesLink),
  ].join('\n');
  const html = `<p>Hola ${escapeHtml(name)}:</p>
<p>${many ? `Hay ${replies.length} respuestas nuevas de tus instructores` : 'Tu instructor respondió'} en el foro del módulo <strong>${escapeHtml(moduleName)}</strong>:</p>
${replies.map((reply) => `<blockquote><strong>${escapeHtml(reply.authorName)}</strong>: ${escapeHtml(excerpt(reply.body))}</blockquote>`).join('\n')}
<p><a href="${escapeHtml(link)}">Ir al foro del módulo</a></p>
${footerHtml(preferencesLink)}`;
  return { subject, text, html };
}

export function submissionEmail(input: { name: string; studentName: string; moduleName: string; link: string; preferencesLink: string }) {
  const { name, studentName, moduleName, link, preferencesLink } = input;
  const subject = `${studentName} envió sus respuestas de "${moduleName}"`;
  const text = [
    `Hola ${name}:`,
    '',
    `${studentName} envió sus respuestas del módulo "${moduleName}" y esperan tu corrección:`,
    '',
    link,
    ...footerText(preferencesLink),
  ].join('\n');
  const html = `<p>Hola ${escapeHtml(name)}:</p>
<p>${escapeHtml(studentName)} envió sus respuestas del módulo <strong>${escapeHtml(moduleName)}</strong> y esperan tu corrección.</p>
<p><a href="${escapeHtml(link)}">Corregir</a></p>
${footerHtml(preferencesLink)}`;
  return { subject, text, html };
}

export function questionEmail(input: {
  name: string;
  studentName: string;
  moduleName: string;
  body: string;
  link: string;
  preferencesLink: string;
}) {
  const { name, studentName, moduleName, body, link, preferencesLink } = input;
  const subject = `Nueva pregunta de ${studentName} en "${moduleName}"`;
  const text = [
    `Hola ${name}:`,
    '',
    `${studentName} escribió en el foro del módulo "${moduleName}":`,
    '',
    excerpt(body),
    '',
    'Respondé desde el foro:',
    link,
    ...footerText(preferencesLink),
  ].join('\n');
  const html = `<p>Hola ${escapeHtml(name)}:</p>
<p>${escapeHtml(studentName)} escribió en el foro del módulo <strong>${escapeHtml(moduleName)}</strong>:</p>
<blockquote>${escapeHtml(excerpt(body))}</blockquote>
<p><a href="${escapeHtml(link)}">Responder en el foro</a></p>
${footerHtml(preferencesLink)}`;
  return { subject, text, html };
}

export interface DigestLine {
  studentName: string;
  moduleName: string;
}

export function dailySummaryEmail(input: {
  name: string;
  submissions: DigestLine[];
  questions: DigestLine[];
  reviewLink: string;
  forumLink: string;
  preferencesLink: string;
}) {
  const { name, submissions, questions, reviewLink, forumLink, preferencesLink } = input;
  const subject = `Resumen del día en Aula Virtual: ${submissions.length} para corregir, ${questions.length} ${questions.length === 1 ? 'pregunta' : 'preguntas'}`;
  const lines = (items: DigestLine[]) => items.map((item) => `- ${item.studentName} · ${item.moduleName}`);
  const text = [
    `Hola ${name}:`,
    '',
    ...(submissions.length > 0
      ? [`Respuestas enviadas para corregir (${submissions.length}):`, ...lines(submissions), reviewLink, '']
      : []),
    ...(questions.length > 0 ? [`Mensajes de alumnos en los foros (${questions.length}):`, ...lines(questions), forumLink, ''] : []),
    ...footerText(preferencesLink),
  ].join('\n');
  const list = (items: DigestLine[]) =>
    `<ul>${items.map((item) => `<li>${escapeHtml(item.studentName)} · ${escapeHtml(item.moduleName)}</li>`).join('')}</ul>`;
  const html = `<p>Hola ${escapeHtml(name)}:</p>
${submissions.length > 0 ? `<p><strong>Respuestas enviadas para corregir (${submissions.length})</strong></p>${list(submissions)}<p><a href="${escapeHtml(reviewLink)}">Ir a Por corregir</a></p>` : ''}
${questions.length > 0 ? `<p><strong>Mensajes de alumnos en los foros (${questions.length})</strong></p>${list(questions)}<p><a href="${escapeHtml(forumLink)}">Ir a Responder Preguntas</a></p>` : ''}
${footerHtml(preferencesLink)}`;
  return { subject, text, html };
}
