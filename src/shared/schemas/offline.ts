// What a trainee downloads of a module to study it without signal ('Descargar para ver sin
// conexión'): each thing the module's pages ask the server for, at the same address, so the
// service worker can answer those requests from the phone.
import * as z from 'zod/mini';
import { jugadaOptionSchema } from './jugadas.ts';

export const offlineEntryKinds = [
  'page',
  'activity',
  'video',
  'poster',
  'captions',
  'jugadas',
  'clip',
  'practice',
  'documents',
  'document',
  'keys',
] as const;
export type OfflineEntryKind = (typeof offlineEntryKinds)[number];

export const offlineEntrySchema = z.object({
  /** The address the app asks for (same origin); for a video on the web, its address there. */
  url: z.string(),
  kind: z.enum(offlineEntryKinds),
  label: z.string(),
  /** Bytes of a stored file; null for data, whose size is known once fetched. */
  size: z.nullable(z.number()),
  /** A course document: downloaded only if the trainee picks it. */
  optional: z.boolean(),
  /** False for a video on YouTube or another site: it cannot be kept on the phone. */
  downloadable: z.boolean(),
});
export type OfflineEntry = z.infer<typeof offlineEntrySchema>;

export const offlineModuleSchema = z.object({
  moduleId: z.string(),
  courseId: z.string(),
  moduleName: z.string(),
  entries: z.array(offlineEntrySchema),
});
export type OfflineModule = z.infer<typeof offlineModuleSchema>;

/**
 * The call of each jugada only for practice ('Uso: Práctica'), downloaded so an answer given
 * without signal is graded at once with the shared rule (shared/jugada-grading.ts). Jugadas also
 * drawn in video exams ('Ambos', 'Examen') never come here: their answers stay on the server.
 */
export const offlineJugadaKeySchema = z.object({
  jugadaId: z.string(),
  correctDecision: jugadaOptionSchema,
  correctSanction: jugadaOptionSchema,
  correctMoment: z.nullable(z.number()),
  tolerance: z.number(),
  explanation: z.string(),
});
export type OfflineJugadaKey = z.infer<typeof offlineJugadaKeySchema>;
export const offlineJugadaKeysSchema = z.object({ keys: z.array(offlineJugadaKeySchema) });
export type OfflineJugadaKeys = z.infer<typeof offlineJugadaKeysSchema>;
