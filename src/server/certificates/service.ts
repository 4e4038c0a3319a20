// Certificates' writes: 'Emitir certificados' (to 'Apto' trainees only, each one once, once the
// course names who signs them), 'Revocar', and the course's 'Firma del certificado'. What a certificate says is copied in when it is issued, and never changes after;
// revoking only marks it. Each one is logged in the trainee's history in the same transaction.
import { randomBytes, randomUUID } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { asksSomething, expiryOf } from '../../shared/approval-rules.ts';
import { dayOf } from '../../shared/calendar.ts';
import { CODE_ALPHABET, CODE_LENGTH, formatCode } from '../../shared/certificate-code.ts';
import { certificateMessages as m } from '../../shared/messages.ts';
import type { SessionUser } from '../../shared/schemas/auth.ts';
import type { CertificateSigner, IssueCertificatesResult } from '../../shared/schemas/certificates.ts';
import { courseApproval, requirementsOf } from '../approval/read.ts';
import { courseNotFound, findCourse } from '../courses/service.ts';
import type { Db, Tx } from '../db/client.ts';
import { certificate, course } from '../db/schema.ts';
import { conflict, notFound } from '../errors.ts';
import { logChange } from '../record/changes.ts';
import type { CertificateRow } from './read.ts';

type Actor = Pick<SessionUser, 'id' | 'name'>;
type NewCertificate = typeof certificate.$inferInsert;

/** A new public code: 40 random bits in Crockford's base32 ('AV-7K3P-9QXD'). */
export function newCode(): string {
  const bytes = randomBytes(5);
  let bits = 0n;
  for (const byte of bytes) bits = (bits << 8n) | BigInt(byte);
  let body = '';
  for (let i = CODE_LENGTH - 1; i >= 0; i--) body += CODE_ALPHABET[Number((bits >> BigInt(i * 5)) & 31n)];
  return formatCode(body);
}

const isCodeClash = (error: unknown) => {
  const found = error as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } };
  const cause = found.cause ?? found;
  return cause.code === '23505' && cause.constraint === 'certificate_code_idx';
};

/**
 * Inserts the certificates, each with a fresh code, skipping any trainee who meanwhile got one in
 * force (the unique index `certificate_live_idx`: two clicks or two instructors at once never
 * issue two). A code that clashes with an existing one (one in a million million) is drawn again.
 */
async function insertWithCodes(tx: Tx, rows: Array<Omit<NewCertificate, 'code'>>): Promise<CertificateRow[]> {
  for (let round = 0; ; round++) {
    try {
      // A savepoint: a clash undoes only this insert, not the caller's transaction.
      return await tx.transaction((savepoint) =>
        savepoint
          .insert(certificate)
          .values(rows.map((row) => ({ ...row, code: newCode() })))
          .onConflictDoNothing({ target: [certificate.courseId, certificate.userId], where: isNull(certificate.revokedAt) })
          .returning(),
      );
    } catch (error) {
      if (round < 5 && isCodeClash(error)) continue;
      throw error;
    }
  }
}

/** The trainees of the course who hold a certificate not revoked (in force, or expired). */
async function holders(tx: Tx, courseId: string): Promise<Set<string>> {
  const rows = await tx
    .select({ userId: certificate.userId })
    .from(certificate)
    .where(and(eq(certificate.courseId, courseId), isNull(certificate.revokedAt)));
  return new Set(rows.map((row) => row.userId));
}

/**
 * 'Emitir certificados': to every 'Apto' trainee of the course without one, or to the trainees
 * named (each must be 'Apto' and without one, or nothing is issued). Refused while the course asks
 * nothing (everyone would be 'Apto') or has no licence level.
 */
export async function issueCertificates(
  db: Db,
  courseId: string,
  input: { userIds?: string[] | undefined },
  actor: Actor,
  now: Date,
): Promise<IssueCertificatesResult> {
  return db.transaction(async (tx) => {
    const courseRow = await findCourse(tx, courseId);
    if (!asksSomething(requirementsOf(courseRow))) throw conflict(m.noRequirements);
    if (!courseRow.licenceLevel.trim()) throw conflict(m.noLevel);
    // Never a certificate signed by whoever pressed the button: the course names who signs them.
    if (!courseRow.certificateSignerName.trim() || !courseRow.certificateSignerTitle.trim()) throw conflict(m.noSigner);
    const named = input.userIds ? [...new Set(input.userIds)] : undefined;
    const approval = await courseApproval(tx, courseId, now, named);
    const held = await holders(tx, courseId);
    if (named) {
      if (approval.trainees.length !== named.length) throw notFound(m.traineeNotFound);
      const notApto = approval.trainees.filter((t) => t.outcome !== 'apto');
      if (notApto.length > 0) throw conflict(m.notApto(notApto.map((t) => t.name)));
      const holding = approval.trainees.filter((t) => held.has(t.id));
      if (holding.length > 0) throw conflict(m.alreadyHeld(holding.map((t) => t.name)));
    }
    const toIssue = approval.trainees.filter((t) => t.outcome === 'apto' && !held.has(t.id));
    if (toIssue.length === 0) throw conflict(m.noneToIssue);
    const issuedOn = dayOf(now);
    const expiresOn = expiryOf(issuedOn, courseRow.licenceMonths);
    const rows = await insertWithCodes(
      tx,
      toIssue.map((trainee) => ({
        id: randomUUID(),
        courseId,
        userId: trainee.id,
        holderName: trainee.name,
        courseName: courseRow.name,
        level: courseRow.licenceLevel.trim(),
        rulesEdition: courseRow.rulesEdition.trim(),
        issuedOn,
        expiresOn,
        issuedAt: now,
        issuedByName: actor.name,
        signerName: courseRow.certificateSignerName,
        signerTitle: courseRow.certificateSignerTitle,
      })),
    );
    // Another request issued them meanwhile (its rows won the unique index): nothing left to issue.
    if (rows.length === 0) throw conflict(m.noneToIssue);
    for (const row of rows) {
      await logChange(tx, { kind: 'certificados', courseId, userId: row.userId, actor, summary: m.issuedLogged(row.code, row.level) });
    }
    return { issued: rows.length, message: m.issued(rows.length) };
  });
}

/**
 * 'Firma del certificado': who signs the course's certificates from now on (those issued keep
 * theirs). Logged in the course's history when it changes.
 */
export async function saveSigner(db: Db, courseId: string, signer: CertificateSigner, actor: Actor): Promise<CertificateSigner> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(course).where(eq(course.id, courseId)).for('update');
    if (!row) throw courseNotFound();
    if (row.certificateSignerName === signer.name && row.certificateSignerTitle === signer.title) return signer;
    await tx
      .update(course)
      .set({ certificateSignerName: signer.name, certificateSignerTitle: signer.title, updatedAt: sql`now()` })
      .where(eq(course.id, courseId));
    await logChange(tx, { kind: 'certificados', courseId, userId: null, actor, summary: m.signerLogged(signer.name, signer.title) });
    return signer;
  });
}

/** 'Revocar': the certificate stays, marked revoked with the reason; the public page says 'Revocado'. */
export async function revokeCertificate(db: Db, certificateId: string, reason: string, actor: Actor, now: Date): Promise<CertificateRow> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(certificate).where(eq(certificate.id, certificateId)).for('update');
    if (!row) throw notFound(m.certificateNotFound);
    if (row.revokedAt) throw conflict(m.alreadyRevoked);
    const [revoked] = await tx
      .update(certificate)
      .set({ revokedAt: now, revokedReason: reason, revokedByName: actor.name })
      .where(eq(certificate.id, certificateId))
      .returning();
    await logChange(tx, {
      kind: 'certificados',
      courseId: row.courseId,
      userId: row.userId,
      actor,
      summary: m.revokedLogged(row.code, reason),
    });
    return revoked!;
  });
}
