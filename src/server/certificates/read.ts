// Certificates as they are read: a course's (for its instructor), a holder's ('Mis certificados'),
// one by its public code, and the one presenter of their JSON. The state is never stored: it is
// the certificate's revocation and expiry judged on the day asked (shared/approval-rules.ts).
import { asc, desc, eq } from 'drizzle-orm';
import { certificateState } from '../../shared/approval-rules.ts';
import { certificateMessages } from '../../shared/messages.ts';
import type { Certificate, Verification } from '../../shared/schemas/certificates.ts';
import type { Db, Tx } from '../db/client.ts';
import { certificate } from '../db/schema.ts';
import { notFound } from '../errors.ts';

export type CertificateRow = typeof certificate.$inferSelect;

/** The public page a certificate's QR code opens (the client's `paths.verifyCertificate`; a code needs no escaping). */
export const verifyUrlOf = (publicUrl: string, code: string) => `${publicUrl}/verificar/${code}`;

/** A certificate for its instructor and its holder. */
export function presentCertificate(row: CertificateRow, today: string, publicUrl: string): Certificate {
  return {
    id: row.id,
    code: row.code,
    courseId: row.courseId,
    userId: row.userId,
    holderName: row.holderName,
    courseName: row.courseName,
    level: row.level,
    rulesEdition: row.rulesEdition,
    issuedOn: row.issuedOn,
    expiresOn: row.expiresOn,
    issuedByName: row.issuedByName,
    state: certificateState(row, today),
    revokedAt: row.revokedAt?.toISOString() ?? null,
    revokedReason: row.revokedReason,
    verifyUrl: verifyUrlOf(publicUrl, row.code),
    pdfUrl: `/api/certificates/${encodeURIComponent(row.id)}/pdf`,
  };
}

/** What anyone with the code may know: the same certificate, without ids, email or who issued it. */
export function presentVerification(row: CertificateRow, today: string): Verification {
  return {
    name: row.holderName,
    course: row.courseName,
    level: row.level,
    issuedOn: row.issuedOn,
    expiresOn: row.expiresOn,
    state: certificateState(row, today),
  };
}

export async function findCertificate(db: Db | Tx, certificateId: string): Promise<CertificateRow> {
  const [row] = await db.select().from(certificate).where(eq(certificate.id, certificateId));
  if (!row) throw certificateNotFound();
  return row;
}

/** The certificate printed with `code` (as stored: see normalizeCode), if any. */
export async function certificateByCode(db: Db, code: string): Promise<CertificateRow | undefined> {
  const [row] = await db.select().from(certificate).where(eq(certificate.code, code));
  return row;
}

/** A course's certificates, by holder, the newest of each first. */
export function certificatesOfCourse(db: Db | Tx, courseId: string): Promise<CertificateRow[]> {
  return db
    .select()
    .from(certificate)
    .where(eq(certificate.courseId, courseId))
    .orderBy(asc(certificate.holderName), asc(certificate.userId), desc(certificate.issuedAt));
}

/** A holder's certificates, the newest first. */
export function certificatesOfUser(db: Db, userId: string): Promise<CertificateRow[]> {
  return db
    .select()
    .from(certificate)
    .where(eq(certificate.userId, userId))
    .orderBy(desc(certificate.issuedOn), desc(certificate.issuedAt));
}

export const certificateNotFound = () => notFound(certificateMessages.certificateNotFound);
