import type { MailMessage } from '../../../src/server/mail/mailer.ts';

/** The token of the reset link a password-recovery email carries. */
export function extractToken(mail: MailMessage): string {
  const match = /\/reset-password\?token=([^\s"&<]+)/.exec(mail.text);
  if (!match?.[1]) throw new Error(`el email a ${mail.to} no tiene un enlace de recuperación`);
  return decodeURIComponent(match[1]);
}
