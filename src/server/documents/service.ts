import { randomUUID } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import type { CourseDocument } from '../../shared/schemas/content.ts';
import type { Db } from '../db/client.ts';
import { document } from '../db/schema.ts';
import { notFound } from '../errors.ts';
import { messages } from '../../shared/messages.ts';

type DocumentRow = typeof document.$inferSelect;

export const documentUrl = (id: string) => `/api/documents/${id}/file`;

export function presentDocument(row: DocumentRow): CourseDocument {
  return {
    id: row.id,
    courseId: row.courseId,
    name: row.name,
    mimeType: row.mimeType,
    extension: row.extension,
    size: row.size,
    url: documentUrl(row.id),
    createdAt: row.createdAt.toISOString(),
  };
}

export const documentNotFound = () => notFound(messages.documentNotFound);

export async function findDocument(db: Db, documentId: string): Promise<DocumentRow> {
  const [row] = await db.select().from(document).where(eq(document.id, documentId));
  if (!row) throw documentNotFound();
  return row;
}

export async function listDocuments(db: Db, courseId: string) {
  return db.select().from(document).where(eq(document.courseId, courseId)).orderBy(asc(document.createdAt), asc(document.id));
}

export async function insertDocument(
  db: Db,
  input: { courseId: string; name: string; storageKey: string; mimeType: string; extension: string; size: number },
) {
  const [row] = await db
    .insert(document)
    .values({ id: randomUUID(), ...input })
    .returning();
  return row!;
}

export async function deleteDocument(db: Db, documentId: string) {
  const [row] = await db.delete(document).where(eq(document.id, documentId)).returning();
  return row;
}
