import { escapeHtml } from '../../shared/html.ts';

export function passwordResetEmail(name: string, link: string) {
  const subject = 'Recuperá tu contraseña de Aula Virtual';
  const text = [
    `Hola ${name}:`,
    '',
    'Recibimos un pedido para cambiar la contraseña de tu cuenta de Aula Virtual.',
    'Abrí este enlace para elegir una nueva (vence en 30 minutos y sirve una sola vez):',
    '',
    link,
    '',
    'Si no lo pediste, ignorá este mensaje: tu contraseña no cambia.',
  ].join('\n');
  const html = `<p>Hola ${escapeHtml(name)}:</p>
<p>Recibimos un pedido para cambiar la contraseña de tu cuenta de Aula Virtual.</p>
<p><a href="${escapeHtml(link)}">Elegir una nueva contraseña</a> (el enlace vence en 30 minutos y sirve una sola vez).</p>
<p>Si no lo pediste, ignorá este mensaje: tu contraseña no cambia.</p>`;
  return { subject, text, html };
}
