// 'Crear curso de actualización': a new course with the content of another (its settings, modules
// with their questions and videos, jugadas with the course's lists of calls, question bank, exams
// and documents), none of its trainees' work, and the holders of its licences enrolled.
//
// Files: pictures and videos are rows any number of courses, modules and jugadas may use (a video
// row goes with its bytes only once nothing uses it: videos/service.ts; a picture row is never
// deleted), so the copy uses the same rows. A document's row owns its bytes (deleting it deletes
// them), so each document's bytes are copied to a key of its own, before the transaction (as an
// upload's bytes are stored before its row): a store's copy may take a while, and the database is
// not held meanwhile.
import { randomUUID } from 'node:crypto';
import { asc, eq, inArray } from 'drizzle-orm';
import { noRequirements } from '../../shared/approval-rules.ts';
import { renewalMessages } from '../../shared/messages.ts';
import type { SessionUser } from '../../shared/schemas/auth.ts';
import { defaultRenewalName } from '../../shared/schemas/renewal.ts';
import { enableModuleFor, setCourseAccess } from '../access/grant.ts';
import { createdInOrder } from '../bank/service.ts';
import { findCourse } from '../courses/service.ts';
import type { Db, Tx } from '../db/client.ts';
import { bankQuestion, course, courseModule, document, exam, jugada, jugadaOption, moduleQuestion } from '../db/schema.ts';
import { listDocuments } from '../documents/service.ts';
import { newStorageKey, StoredObjectNotFoundError, type FileStorage } from '../files/storage.ts';
import { logChange } from '../record/changes.ts';
import { renewalHolders } from './read.ts';

type Actor = Pick<SessionUser, 'id' | 'name'>;
type CourseRow = typeof course.$inferSelect;
type DocumentRow = typeof document.$inferSelect;

/** Rows per insert: well under PostgreSQL's limit of parameters per statement. */
const CHUNK = 500;

async function insertAll<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>) {
  for (let start = 0; start < rows.length; start += CHUNK) await insert(rows.slice(start, start + CHUNK));
}

/** Everything of a course that a renewal copies, read in the caller's transaction. */
async function contentOf(tx: Tx, courseId: string) {
  const modules = await tx.select().from(courseModule).where(eq(courseModule.courseId, courseId)).orderBy(asc(courseModule.position));
  const moduleIds = modules.map((m) => m.id);
  const ofModules = moduleIds.length > 0;
  return {
    modules,
    questions: ofModules ? await tx.select().from(moduleQuestion).where(inArray(moduleQuestion.moduleId, moduleIds)) : [],
    options: await tx.select().from(jugadaOption).where(eq(jugadaOption.courseId, courseId)),
    jugadas: ofModules ? await tx.select().from(jugada).where(inArray(jugada.moduleId, moduleIds)) : [],
    // In the bank's own order (bank/read.ts): the copies are stamped in it.
    bank: await tx
      .select()
      .from(bankQuestion)
      .where(eq(bankQuestion.courseId, courseId))
      .orderBy(asc(bankQuestion.chapter), asc(bankQuestion.createdAt), asc(bankQuestion.id)),
    exams: await tx.select().from(exam).where(eq(exam.courseId, courseId)),
    documents: await listDocuments(tx, courseId),
  };
}
type Content = Awaited<ReturnType<typeof contentOf>>;

/** A new id for each row, by the original's. */
const newIds = (rows: Array<{ id: string }>) => new Map(rows.map((row) => [row.id, randomUUID()]));

/** Each id mapped to its copy's; ids with no copy (a row deleted meanwhile) left out. */
const mapped = (ids: string[], map: Map<string, string>) => ids.flatMap((id) => (map.has(id) ? [map.get(id)!] : []));

/** The documents' bytes copied for a renewal: each document's new key, by its id, and those whose file was missing. */
export interface DocumentCopies {
  keys: Map<string, string>;
  missing: DocumentRow[];
  /** Removes the copies of the documents given (all when none are given): a failed or repeated create. */
  discard(documentIds?: string[]): Promise<void>;
}

/**
 * Copies the bytes of the course's documents, each to a new key, outside any transaction. A
 * document whose file is missing is left out; if a copy fails, those made are removed.
 */
export async function copyDocuments(db: Db, storage: FileStorage, courseId: string): Promise<DocumentCopies> {
  const keys = new Map<string, string>();
  const missing: DocumentRow[] = [];
  const discard = async (documentIds = [...keys.keys()]) => {
    for (const id of documentIds) await storage.delete(keys.get(id)!).catch(() => undefined);
  };
  try {
    for (const row of await listDocuments(db, courseId)) {
      const key = newStorageKey(row.extension);
      try {
        await storage.put(key, await storage.get(row.storageKey), { contentType: row.mimeType });
      } catch (error) {
        if (!(error instanceof StoredObjectNotFoundError)) throw error;
        missing.push(row);
        continue;
      }
      keys.set(row.id, key);
    }
  } catch (error) {
    await discard();
    throw error;
  }
  return { keys, missing, discard };
}

/** The modules with their questions, the course's lists of calls, the jugadas, the bank, the exams and the documents. */
async function insertContent(tx: Tx, courseId: string, content: Content, examIds: Map<string, string>, documents: DocumentRow[]) {
  const moduleIds = newIds(content.modules);
  const optionIds = newIds(content.options);
  const jugadaIds = newIds(content.jugadas);
  const bankIds = newIds(content.bank);
  await insertAll(
    content.modules.map((m) => ({ ...m, id: moduleIds.get(m.id)!, courseId })),
    (rows) => tx.insert(courseModule).values(rows),
  );
  await insertAll(
    content.questions.flatMap((q) => (moduleIds.has(q.moduleId) ? [{ ...q, id: randomUUID(), moduleId: moduleIds.get(q.moduleId)! }] : [])),
    (rows) => tx.insert(moduleQuestion).values(rows),
  );
  await insertAll(
    content.options.map((o) => ({ ...o, id: optionIds.get(o.id)!, courseId })),
    (rows) => tx.insert(jugadaOption).values(rows),
  );
  const jugadas = content.jugadas.flatMap((j) => {
    const [moduleId, decisionId, sanctionId] = [
      moduleIds.get(j.moduleId),
      optionIds.get(j.correctDecisionId),
      optionIds.get(j.correctSanctionId),
    ];
    if (!moduleId || !decisionId || !sanctionId) return [];
    return [{ ...j, id: jugadaIds.get(j.id)!, moduleId, correctDecisionId: decisionId, correctSanctionId: sanctionId }];
  });
  await insertAll(jugadas, (rows) => tx.insert(jugada).values(rows));
  await insertAll(
    // Stamped a microsecond apart in the original's order, as an import stamps its questions: the
    // original's times, read back to the millisecond, would tie, and the new ids order the ties anew.
    content.bank.map((q, index) => ({ ...q, id: bankIds.get(q.id)!, courseId, createdAt: createdInOrder(index) })),
    (rows) => tx.insert(bankQuestion).values(rows),
  );
  const exams = content.exams.flatMap((e) => {
    const moduleId = moduleIds.get(e.moduleId);
    if (!moduleId) return [];
    // A video exam's fixed and critical items are jugadas; a rules exam's, bank questions.
    const items = e.kind === 'video' ? jugadaIds : bankIds;
    // Its dates were the original course's: the instructor sets the new ones.
    return [
      {
        ...e,
        id: examIds.get(e.id)!,
        courseId,
        moduleId,
        fixedQuestionIds: mapped(e.fixedQuestionIds, items),
        criticalQuestionIds: mapped(e.criticalQuestionIds, items),
        opensAt: null,
        closesAt: null,
      },
    ];
  });
  await insertAll(exams, (rows) => tx.insert(exam).values(rows));
  await insertAll(
    inListOrder(documents).map((d) => ({ ...d, id: randomUUID(), courseId })),
    (rows) => tx.insert(document).values(rows),
  );
  // The first module a trainee sees: the first by position that is not archived.
  const first = content.modules.find((m) => m.archivedAt === null);
  return { firstModuleId: first ? moduleIds.get(first.id)! : null };
}

/**
 * The documents with the times they were added, each at least a millisecond after the one before:
 * the list goes by that time, and a time read back to the millisecond can make two documents added
 * in the same one tie, which the list would break by the copies' new ids. The copy lists them in
 * the original's order.
 */
function inListOrder(documents: DocumentRow[]): DocumentRow[] {
  let previous = Number.NEGATIVE_INFINITY;
  return documents.map((d) => {
    const at = Math.max(d.createdAt.getTime(), previous + 1);
    previous = at;
    return { ...d, createdAt: new Date(at) };
  });
}

/** Enrols the holders as 'Habilitar' does: the course, its first module and their activity there. */
async function enrolHolders(
  tx: Tx,
  original: CourseRow,
  renewal: { id: string; firstModuleId: string | null },
  today: string,
  actor: Actor,
) {
  const holders = await renewalHolders(tx, original.id, today);
  for (const holder of holders) {
    if (renewal.firstModuleId) await enableModuleFor(tx, holder.userId, { id: renewal.firstModuleId, courseId: renewal.id });
    else await setCourseAccess(tx, holder.userId, renewal.id, true);
    await logChange(tx, {
      kind: 'aprobacion',
      courseId: renewal.id,
      userId: holder.userId,
      actor,
      summary: renewalMessages.enrolledLogged(original.name, holder.code),
    });
  }
  return holders.length;
}

/**
 * Creates the renewal course of `courseId` in one transaction (404 for an unknown course): the
 * copy, the holders enrolled, and the change logged. The documents' bytes were copied before
 * (`copyDocuments`, their new keys by document id): a document added meanwhile is left out, one
 * deleted meanwhile is not copied (its key is answered in `unusedCopies`, for the caller to remove).
 */
export async function createRenewalCourse(
  db: Db,
  input: { courseId: string; name: string | undefined; today: string; actor: Actor; documentKeys: Map<string, string> },
) {
  return db.transaction(async (tx) => {
    const original = await findCourse(tx, input.courseId);
    const content = await contentOf(tx, original.id);
    const documents = content.documents.flatMap((d) =>
      input.documentKeys.has(d.id) ? [{ ...d, storageKey: input.documentKeys.get(d.id)! }] : [],
    );
    const examIds = newIds(content.exams);
    const { id: _id, createdAt: _created, updatedAt: _updated, archivedAt: _archived, ...settings } = original;
    const requirements = { ...noRequirements, ...original.requirements };
    const [row] = await tx
      .insert(course)
      .values({
        ...settings,
        id: randomUUID(),
        name: input.name ?? defaultRenewalName(original.name, input.today.slice(0, 4)),
        renewsCourseId: original.id,
        requirements: { ...requirements, examIds: mapped(requirements.examIds, examIds) },
      })
      .returning();
    const { firstModuleId } = await insertContent(tx, row!.id, content, examIds, documents);
    const enrolled = await enrolHolders(tx, original, { id: row!.id, firstModuleId }, input.today, input.actor);
    await logChange(tx, {
      kind: 'aprobacion',
      courseId: row!.id,
      userId: null,
      actor: input.actor,
      summary: renewalMessages.createdLogged(original.name, enrolled),
    });
    const copied = new Set(documents.map((d) => d.id));
    return { course: row!, enrolled, unusedCopies: [...input.documentKeys.keys()].filter((id) => !copied.has(id)) };
  });
}
