import { SMTPServer } from 'smtp-server';
import type { MailMessage } from '../../../src/server/mail/mailer.ts';

/** The token of the reset link a password-recovery email carries. */
export function extractToken(mail: MailMessage): string {
  const match = /\/reset-password\?token=([^\s"&<]+)/.exec(mail.text);
  if (!match?.[1]) throw new Error(`el email a ${mail.to} no tiene un enlace de recuperación`);
  return decodeURIComponent(match[1]);
}

/** A message as the test SMTP server received it: its recipient, subject and plain-text body, decoded. */
export interface ReceivedMail {
  to: string;
  subject: string;
  text: string;
}

const decodeQuotedPrintable = (body: string) =>
  Buffer.from(
    body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');

/** A header's value, unfolded, with its encoded words (=?utf-8?Q?…?= / =?utf-8?B?…?=) decoded. */
function headerOf(head: string, name: string): string {
  const match = new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(head.replace(/\r?\n[ \t]+/g, ' '));
  return (match?.[1] ?? '')
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([bq])\?([^?]*)\?=/gi, (_word, encoding: string, text: string) =>
      encoding.toLowerCase() === 'b' ? Buffer.from(text, 'base64').toString('utf8') : decodeQuotedPrintable(text.replace(/_/g, ' ')),
    )
    .trim();
}

/** The text/plain part of a raw message (nodemailer's multipart/alternative, or a single part), decoded. */
function plainTextOf(raw: string): string {
  const split = (message: string) => {
    const at = message.search(/\r?\n\r?\n/);
    return { head: message.slice(0, at), body: message.slice(at).replace(/^\r?\n\r?\n/, '') };
  };
  const { head, body } = split(raw);
  const boundary = /boundary="?([^";\r\n]+)"?/i.exec(head.replace(/\r?\n[ \t]+/g, ' '))?.[1];
  const parts = boundary ? body.split(`--${boundary}`).map(split) : [{ head, body }];
  const plain = parts.find((part) => /content-type:\s*text\/plain/i.test(part.head)) ?? parts[0]!;
  const encoding = headerOf(plain.head, 'Content-Transfer-Encoding').toLowerCase();
  if (encoding === 'base64') return Buffer.from(plain.body, 'base64').toString('utf8');
  // The message was read as latin1 (one char per byte): an 8-bit body is read again as UTF-8.
  return (encoding === 'quoted-printable' ? decodeQuotedPrintable(plain.body) : Buffer.from(plain.body, 'latin1').toString('utf8'))
    .replace(/\r\n/g, '\n')
    .trim();
}

/** An SMTP server on a free port of 127.0.0.1 that keeps every message it receives, for `SMTP_URL`. */
export async function startTestSmtp(): Promise<{ url: string; received: ReceivedMail[]; close(): Promise<void> }> {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    authOptional: true,
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('error', callback);
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('latin1');
        const head = raw.slice(0, raw.search(/\r?\n\r?\n/));
        received.push({ to: headerOf(head, 'To'), subject: headerOf(head, 'Subject'), text: plainTextOf(raw) });
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
