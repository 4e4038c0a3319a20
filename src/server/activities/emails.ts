import { escapeHtml } from '../../shared/html.ts';

export function correctionEmail(name: string, moduleName: string, link: string) {
  const subject = `Tu actividad de "${moduleName}" fue corregida`;
  const text = [
    `Hola ${name}:`,
    '',
    `Tu instructor corrigió tus respuestas del módulo "${moduleName}".`,
    'Mirá la corrección y, si hay respuestas para revisar, corregilas y volvé a enviarlas:',
    '',
    link,
  ].join('\n');
  const html = `<p>Hola ${escapeHtml(name)}:</p>
<p>Tu instructor corrigió tus respuestas del módulo <strong>${escapeHtml(moduleName)}</strong>.</p>
<p><a href="${escapeHtml(link)}">Ver la corrección</a></p>
<p>Si hay respuestas para revisar, corregilas y volvé a enviarlas.</p>`;
  return { subject, text, html };
}

export function correctionChangedEmail(name: string, moduleName: string, link: string) {
  const subject = `Tu instructor modificó la corrección de "${moduleName}"`;
  const text = [
    `Hola ${name}:`,
    '',
    `Tu instructor cambió la corrección de tus respuestas del módulo "${moduleName}".`,
    'Mirá la nueva devolución y, si hay respuestas para revisar, corregilas y volvé a enviarlas:',
    '',
    link,
  ].join('\n');
  const html = `<p>Hola ${escapeHtml(name)}:</p>
<p>Tu instructor cambió la corrección de tus respuestas del módulo <strong>${escapeHtml(moduleName)}</strong>.</p>
<p><a href="${escapeHtml(link)}">Ver la nueva corrección</a></p>
<p>Si hay respuestas para revisar, corregilas y volvé a enviarlas.</p>`;
  return { subject, text, html };
}
