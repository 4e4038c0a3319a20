import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import nodemailer from 'nodemailer';
import type { Logger } from 'pino';
import { privateDir, PRIVATE_FILE_MODE } from '../private-paths.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The link the message carries, logged when messages go to the outbox folder. */
  link?: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/**
 * SMTP when `smtpUrl` is set; otherwise every message is written as an .eml file to
 * `<dataDir>/outbox` and its link is logged, so recovery works on a machine without mail.
 */
export function createMailer(options: { smtpUrl: string | undefined; from: string; dataDir: string; logger: Logger }): Mailer {
  const { smtpUrl, from, dataDir, logger } = options;
  if (smtpUrl) {
    const transport = nodemailer.createTransport(smtpUrl);
    return {
      async send(message) {
        await transport.sendMail({ from, to: message.to, subject: message.subject, text: message.text, html: message.html });
        logger.info({ to: message.to, subject: message.subject }, 'email enviado');
      },
    };
  }

  const outbox = path.join(dataDir, 'outbox');
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(message) {
      const info = await transport.sendMail({ from, to: message.to, subject: message.subject, text: message.text, html: message.html });
      // Each message holds a live link (an invitation, a password reset): for the server's account only.
      await privateDir(outbox);
      const file = path.join(outbox, `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID()}.eml`);
      await writeFile(file, info.message as Buffer, { mode: PRIVATE_FILE_MODE });
      logger.info(
        { to: message.to, subject: message.subject, file, link: message.link },
        'email guardado en la bandeja de salida (SMTP_URL no está configurado)',
      );
    },
  };
}
