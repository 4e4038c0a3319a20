// 'Importar alumnos': a class list checked row by row, then created in one transaction.
import { eq, inArray } from 'drizzle-orm';
import { safeParse } from 'zod/v4/core';
import { messages } from '../../shared/messages.ts';
import { emailSchema } from '../../shared/schemas/auth.ts';
import { userNameSchema, type ImportPreview, type ImportResult, type ImportRow } from '../../shared/schemas/users.ts';
import type { AppContext } from '../context.ts';
import type { Db, Tx } from '../db/client.ts';
import { chunks, enrollNewTrainees } from '../access/grant.ts';
import { course, user } from '../db/schema.ts';
import { notFound } from '../errors.ts';
import type { ClassListRow } from './class-list.ts';
import { insertInvitedUsers, sendInvitations } from './invitations.ts';

/** Every row with its problem: a missing name, an invalid email, an email repeated in the file or already registered. */
async function checkRows(db: Db | Tx, rows: ClassListRow[]): Promise<ImportRow[]> {
  const firstLineOf = new Map<string, number>();
  const checked: ImportRow[] = rows.map((row) => {
    const name = safeParse(userNameSchema, row.name);
    const email = safeParse(emailSchema, row.email);
    const normalized = email.success ? email.data : row.email;
    let problem: string | null = null;
    if (!name.success)
      problem = row.name.trim() === '' ? messages.importMissingName : (name.error.issues[0]?.message ?? messages.importMissingName);
    else if (!email.success) problem = messages.importInvalidEmail;
    else if (firstLineOf.has(normalized)) problem = messages.importDuplicate(firstLineOf.get(normalized)!);
    if (email.success && !firstLineOf.has(normalized)) firstLineOf.set(normalized, row.line);
    return { line: row.line, name: name.success ? name.data : row.name, email: normalized, problem };
  });

  const candidates = checked.filter((row) => row.problem === null).map((row) => row.email);
  const registered = new Set<string>();
  for (const emails of chunks(candidates)) {
    const found = await db.select({ email: user.email }).from(user).where(inArray(user.email, emails));
    found.forEach((row) => registered.add(row.email));
  }
  return checked.map((row) => (row.problem === null && registered.has(row.email) ? { ...row, problem: messages.importRegistered } : row));
}

async function findImportCourse(db: Db | Tx, courseId: string | undefined) {
  if (!courseId) return null;
  const [row] = await db.select({ id: course.id, name: course.name }).from(course).where(eq(course.id, courseId));
  if (!row) throw notFound(messages.courseNotFound);
  return row;
}

/** What 'Importar' would do, without writing anything. */
export async function previewImport(db: Db, rows: ClassListRow[], courseId: string | undefined): Promise<ImportPreview> {
  const target = await findImportCourse(db, courseId);
  const checked = await checkRows(db, rows);
  const valid = checked.filter((row) => row.problem === null).length;
  return { rows: checked, valid, invalid: checked.length - valid, course: target };
}

/**
 * Creates every valid row as a student with an invitation (and the course, if given) in one
 * transaction, then sends the invitations. Rows with problems are reported, not created.
 */
export async function importClassList(
  ctx: AppContext,
  rows: ClassListRow[],
  courseId: string | undefined,
  actor: { id: string; name: string },
): Promise<ImportResult> {
  const { checked, invited } = await ctx.db.transaction(async (tx) => {
    const target = await findImportCourse(tx, courseId);
    const checked = await checkRows(tx, rows);
    const valid = checked.filter((row) => row.problem === null);
    const invited = await insertInvitedUsers(
      tx,
      valid.map((row) => ({ name: row.name, email: row.email, role: 'student' as const })),
    );
    if (target && invited.length > 0)
      await enrollNewTrainees(
        tx,
        invited.map((row) => row.id),
        target.id,
        actor,
      );
    // An email registered between the check and the insert (another import racing this one).
    const createdEmails = new Set(invited.map((row) => row.email));
    return {
      checked: checked.map((row) =>
        row.problem === null && !createdEmails.has(row.email) ? { ...row, problem: messages.importRegistered } : row,
      ),
      invited,
    };
  });
  // Sent after the commit, in the background: a class of hundreds must not wait for the mail server.
  void sendInvitations({ mailer: ctx.mailer, logger: ctx.logger, publicUrl: ctx.config.publicUrl }, invited);
  const failed = checked.length - invited.length;
  return { created: invited.length, failed, message: messages.importDone(invited.length, failed), rows: checked };
}
