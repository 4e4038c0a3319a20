// What a trainee downloads of a module to study it without signal: the addresses the module's
// pages ask for (its page data, its activity, its video, its practice jugadas and their clips,
// the course's rules practice, the course's documents), each with its size when it is a file.
// Only what the trainee may see now, and nothing an exam asks: exam-only jugadas and exams stay
// out, and nothing here carries a right answer the pages themselves would not show.
import { and, asc, count, eq, isNull, ne } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { offlineMessages } from '../../shared/messages.ts';
import { pageDataUrl } from '../../shared/page-data.ts';
import type { StudentModuleDetail } from '../../shared/schemas/content.ts';
import type { OfflineEntry, OfflineJugadaKey, OfflineModule } from '../../shared/schemas/offline.ts';
import { bankQuestion, jugada, jugadaOption, video } from '../db/schema.ts';
import type { Db } from '../db/client.ts';
import { listDocuments, presentDocument } from '../documents/service.ts';
import { jugadaVideoUrl } from '../jugadas/service.ts';

/** The renditions, poster and captions a module's JSON carries once its video was processed. */
interface ProcessedVideo {
  videoRenditions?: { height: number; url: string; size: number }[];
  posterUrl?: string | null;
  captionsUrl?: string | null;
}

const enc = encodeURIComponent;
const data = (url: string, kind: OfflineEntry['kind'], label: string): OfflineEntry => ({
  url,
  kind,
  label,
  size: null,
  optional: false,
  downloadable: true,
});

/** The module's video: its lightest rendition when there is one, else the uploaded file; a video on the web cannot be kept. */
export function videoEntries(module: StudentModuleDetail & ProcessedVideo): OfflineEntry[] {
  const entries: OfflineEntry[] = [];
  const lightest = module.videoRenditions?.toSorted((a, b) => a.height - b.height)[0];
  if (lightest) entries.push({ ...data(lightest.url, 'video', offlineMessages.video), size: lightest.size });
  else if (module.videoFile) entries.push({ ...data(module.videoUrl, 'video', offlineMessages.video), size: module.videoFile.size });
  else if (module.videoUrl) entries.push({ ...data(module.videoUrl, 'video', offlineMessages.videoElsewhere), downloadable: false });
  if (module.posterUrl) entries.push(data(module.posterUrl, 'poster', offlineMessages.poster));
  if (module.captionsUrl) entries.push(data(module.captionsUrl, 'captions', offlineMessages.captions));
  return entries;
}

/** The module's practice jugadas (never archived or exam-only ones), numbered as the page numbers them, and their clips. */
async function jugadaEntries(db: Db, moduleId: string): Promise<OfflineEntry[]> {
  const rows = await db
    .select({ id: jugada.id, videoId: jugada.videoId, use: jugada.use, size: video.size })
    .from(jugada)
    .leftJoin(video, eq(video.id, jugada.videoId))
    .where(and(eq(jugada.moduleId, moduleId), isNull(jugada.archivedAt), ne(jugada.use, 'examen')))
    .orderBy(asc(jugada.position), asc(jugada.createdAt));
  if (rows.length === 0) return [];
  const keys = rows.some((row) => row.use === 'practica')
    ? [data(`/api/modules/${enc(moduleId)}/offline/jugadas`, 'keys', offlineMessages.keys)]
    : [];
  const clips = rows.map((row, i): OfflineEntry =>
    row.videoId
      ? { ...data(jugadaVideoUrl(row.id), 'clip', offlineMessages.clip(i + 1)), size: row.size }
      : { ...data(jugadaVideoUrl(row.id), 'clip', offlineMessages.clipElsewhere(i + 1)), downloadable: false },
  );
  return [data(`/api/modules/${enc(moduleId)}/my-jugadas`, 'jugadas', offlineMessages.jugadas), ...keys, ...clips];
}

/** The course's rules practice, when its bank has questions to practise. */
async function practiceEntries(db: Db, courseId: string): Promise<OfflineEntry[]> {
  const [row] = await db
    .select({ n: count() })
    .from(bankQuestion)
    .where(and(eq(bankQuestion.courseId, courseId), isNull(bankQuestion.archivedAt)));
  return row && row.n > 0 ? [data(`/api/courses/${enc(courseId)}/practice`, 'practice', offlineMessages.practice)] : [];
}

/** The course's documents: their list, and each file as an optional entry with its size. */
async function documentEntries(db: Db, courseId: string): Promise<OfflineEntry[]> {
  const documents = (await listDocuments(db, courseId)).map(presentDocument);
  if (documents.length === 0) return [];
  return [
    data(`/api/courses/${enc(courseId)}/documents`, 'documents', offlineMessages.documents),
    ...documents.map((d) => ({ ...data(d.url, 'document', `${d.name}.${d.extension}`), size: d.size, optional: true })),
  ];
}

/** Everything to download of a module open to the trainee (`module`, as presented to them; `hasActivity`: it has questions for them). */
export async function offlineModule(db: Db, module: StudentModuleDetail & ProcessedVideo, hasActivity: boolean): Promise<OfflineModule> {
  const entries: OfflineEntry[] = [
    data(pageDataUrl('module', module.id), 'page', offlineMessages.page),
    ...(hasActivity ? [data(pageDataUrl('activities', module.id), 'activity', offlineMessages.activity)] : []),
    ...videoEntries(module),
    ...(await jugadaEntries(db, module.id)),
    ...(await practiceEntries(db, module.courseId)),
    ...(await documentEntries(db, module.courseId)),
  ];
  return { moduleId: module.id, courseId: module.courseId, moduleName: module.name, entries };
}

const decision = alias(jugadaOption, 'decision');
const sanction = alias(jugadaOption, 'sanction');

/** The call of each of the module's active jugadas only for practice: what grades an answer given without signal. */
export async function offlineJugadaKeys(db: Db, moduleId: string): Promise<OfflineJugadaKey[]> {
  const rows = await db
    .select({
      jugadaId: jugada.id,
      decisionId: decision.id,
      decisionLabel: decision.label,
      sanctionId: sanction.id,
      sanctionLabel: sanction.label,
      correctMoment: jugada.momentSeconds,
      tolerance: jugada.toleranceSeconds,
      explanation: jugada.explanation,
    })
    .from(jugada)
    .innerJoin(decision, eq(decision.id, jugada.correctDecisionId))
    .innerJoin(sanction, eq(sanction.id, jugada.correctSanctionId))
    .where(and(eq(jugada.moduleId, moduleId), isNull(jugada.archivedAt), eq(jugada.use, 'practica')))
    .orderBy(asc(jugada.position), asc(jugada.createdAt));
  return rows.map((row) => ({
    jugadaId: row.jugadaId,
    correctDecision: { id: row.decisionId, label: row.decisionLabel },
    correctSanction: { id: row.sanctionId, label: row.sanctionLabel },
    correctMoment: row.correctMoment,
    tolerance: row.tolerance,
    explanation: row.explanation,
  }));
}
