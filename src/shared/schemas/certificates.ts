// Certificados: a licence issued to an 'Apto' trainee, as the instructor, the holder and the
// public verification page see it. The public answer is a strict subset: the holder's name, the
// course, the level, the dates and the state; never an email or an id.
import * as z from 'zod/mini';
import type { CertificateState } from '../approval-rules.ts';
import { certificateMessages as m, messages, tooLong } from '../messages.ts';
import { idSchema } from './content.ts';

export const REVOKE_REASON_MAX = 500;
/** How many trainees one 'Emitir' may name. */
export const ISSUE_USERS_MAX = 2_000;

export const SIGNER_NAME_MAX = 80;
export const SIGNER_TITLE_MAX = 100;

const signerText = (max: number, what: string, required: string) =>
  z.string({ error: required }).check(z.trim(), z.minLength(1, { error: required, abort: true }), z.maxLength(max, tooLong(what, max)));

/**
 * 'Firma del certificado' (PUT /api/courses/:courseId/certificate-signer): who signs the course's
 * certificates, named once per course. Both together: a name without a title (or the other way
 * round) would print half a signature.
 */
export const certificateSignerSchema = z.object({
  name: signerText(SIGNER_NAME_MAX, 'El nombre', m.signerNameRequired),
  title: signerText(SIGNER_TITLE_MAX, 'El cargo', m.signerTitleRequired),
});
export type CertificateSigner = z.infer<typeof certificateSignerSchema>;

/** The answer to saving it: the signer as saved, and the toast's words. */
export const certificateSignerResultSchema = z.object({ signer: z.object({ name: z.string(), title: z.string() }), message: z.string() });

/** 'Emitir certificados': every 'Apto' trainee without one, or only those named. */
export const issueCertificatesSchema = z.object({
  userIds: z.optional(z.array(idSchema).check(z.minLength(1, messages.badRequest), z.maxLength(ISSUE_USERS_MAX, messages.badRequest))),
});
export type IssueCertificatesInput = z.infer<typeof issueCertificatesSchema>;

export const issueCertificatesResultSchema = z.object({ issued: z.number(), message: z.string() });
export type IssueCertificatesResult = z.infer<typeof issueCertificatesResultSchema>;

/** 'Revocar': the reason is required. */
export const revokeCertificateSchema = z.object({
  reason: z
    .string({ error: messages.requiredField })
    .check(
      z.trim(),
      z.minLength(1, { error: messages.requiredField, abort: true }),
      z.maxLength(REVOKE_REASON_MAX, tooLong('El motivo', REVOKE_REASON_MAX)),
    ),
});
export type RevokeCertificateInput = z.infer<typeof revokeCertificateSchema>;

const certificateStates = ['vigente', 'vencido', 'revocado'] as const satisfies readonly CertificateState[];
export const certificateStateSchema = z.enum(certificateStates);

/** A certificate as the instructor and its holder see it. */
export const certificateSchema = z.object({
  id: z.string(),
  code: z.string(),
  courseId: z.string(),
  userId: z.string(),
  holderName: z.string(),
  courseName: z.string(),
  level: z.string(),
  rulesEdition: z.string(),
  /** yyyy-mm-dd */
  issuedOn: z.string(),
  /** yyyy-mm-dd: its last day in force. */
  expiresOn: z.string(),
  issuedByName: z.string(),
  state: certificateStateSchema,
  revokedAt: z.nullable(z.string()),
  revokedReason: z.nullable(z.string()),
  /** The public page its QR code opens. */
  verifyUrl: z.string(),
  /** Its PDF, for the instructor and the holder. */
  pdfUrl: z.string(),
});
export type Certificate = z.infer<typeof certificateSchema>;

export const certificateListSchema = z.object({ certificates: z.array(certificateSchema) });
export type CertificateList = z.infer<typeof certificateListSchema>;

/** What the public verification page shows, and nothing more. */
export const verificationSchema = z.object({
  name: z.string(),
  course: z.string(),
  level: z.string(),
  /** yyyy-mm-dd */
  issuedOn: z.string(),
  expiresOn: z.string(),
  state: certificateStateSchema,
});
export type Verification = z.infer<typeof verificationSchema>;
