import { escapeHtml } from '../../shared/html.ts';

export function invitationEmail(name: string, link: string) {
  const subject = 'Te invitaron a Aula Virtual: creá tu contraseña';
  const text = [
    `Hola ${name}:`,
    '',
    'Tu instructor te dio de alta en Aula Virtual, el aula de formación de árbitros de handball.',
    'Abrí este enlace para crear tu contraseña y entrar a tu curso (vence en 7 días y sirve una sola vez):',
    '',
    link,
    '',
    'Si no esperabas este mensaje, ignoralo.',
  ].join('\n');
  const html = `<p>Hola ${escapeHtml(name)}:</p>
<p>Tu instructor te dio de alta en Aula Virtual, el aula de formación de árbitros de handball.</p>
<p><a href="${escapeHtml(link)}">Crear mi contraseña</a> (el enlace vence en 7 días y sirve una sola vez).</p>
<p>Si no esperabas este mensaje, ignoralo.</p>`;
  return { subject, text, html };
}
