// 'Mis partidos': a trainee's own matches on video. A match is created with its fields and the
// size of its file (the course's storage is checked then, before a byte is sent), and its file goes
// up with tus to `/api/matches/uploads`, carrying the match's id in its metadata.
import * as z from 'zod/mini';
import { matchMessages as m, messages, tooLong } from '../messages.ts';
import { dayInputSchema } from './dates.ts';
import { idSchema } from './content.ts';

/** A whole match, as a phone records it: up to 4 GB… */
export const MATCH_MAX_BYTES = 4 * 1024 ** 3;
/** …and 2 hours. */
export const MATCH_MAX_SECONDS = 2 * 60 * 60;
export const MATCH_TITLE_MAX = 160;
export const MATCH_CATEGORY_MAX = 80;
/** The course's storage limit an administrator may set, in GB. */
export const STORAGE_LIMIT_MAX_GB = 10_000;
/** Where the tus uploads go (POST creates one; HEAD and PATCH `/<uploadId>` resume and send it). */
export const MATCH_UPLOADS_PATH = '/api/matches/uploads';

/** The extensions (and types) a match's file may have, judged by its content. */
export const matchVideoTypes: Record<string, string> = {
  mp4: 'video/mp4',
  mov: 'video/quicktime',
  webm: 'video/webm',
  mkv: 'video/x-matroska',
  '3gp': 'video/3gpp',
};

const text = (max: number, what: string, required: boolean) =>
  z
    .string({ error: messages.requiredField })
    .check(
      z.trim(),
      ...(required ? [z.minLength(1, { error: messages.requiredField, abort: true })] : []),
      z.maxLength(max, tooLong(what, max)),
    );

/** The fields of a match the trainee writes (and may change later). */
const matchFields = {
  playedOn: dayInputSchema('La fecha no es válida.'),
  title: text(MATCH_TITLE_MAX, 'El partido', true),
  category: z._default(text(MATCH_CATEGORY_MAX, 'La categoría', false), ''),
  /** 'Pareja': the other referee, a trainee of the same course; null without one. */
  partnerId: z._default(z.nullable(idSchema), null),
};

/** 'Subir partido': the fields, the course and the file's size (and length, when the phone could read it). */
export const matchCreateSchema = z.object({
  courseId: idSchema,
  ...matchFields,
  fileSize: z
    .number({ error: m.fileSizeInvalid })
    .check(z.int({ error: m.fileSizeInvalid }), z.gte(1, m.fileSizeInvalid), z.lte(MATCH_MAX_BYTES, m.tooLarge(MATCH_MAX_BYTES))),
  durationSeconds: z.optional(z.nullable(z.number().check(z.gte(0), z.lte(MATCH_MAX_SECONDS, m.tooLongVideo(MATCH_MAX_SECONDS / 3600))))),
});
export type MatchCreateInput = z.input<typeof matchCreateSchema>;

export const matchUpdateSchema = z.object(matchFields);
export type MatchUpdateInput = z.input<typeof matchUpdateSchema>;

export const matchStates = ['subiendo', 'procesando', 'lista', 'fallida'] as const;
export type MatchState = (typeof matchStates)[number];

const personSchema = z.object({ id: z.string(), name: z.string() });

/** A match in a list ('Mis partidos', the course's 'Partidos'). */
export const matchSummarySchema = z.object({
  id: z.string(),
  courseId: z.string(),
  courseName: z.string(),
  /** yyyy-mm-dd */
  playedOn: z.string(),
  title: z.string(),
  category: z.string(),
  uploadedBy: personSchema,
  partner: z.nullable(personSchema),
  state: z.enum(matchStates),
  /** 0–100 while 'procesando', once the conversion started. */
  processingPercent: z.nullable(z.number()),
  /** Why it is 'fallida', in Spanish. */
  processingError: z.nullable(z.string()),
  fileSize: z.number(),
  durationSeconds: z.nullable(z.number()),
  /** The tus upload's address while 'subiendo' and the reader is who uploads it (to resume it). */
  uploadUrl: z.nullable(z.string()),
  /** The reader uploaded it (may change its fields and delete it). */
  mine: z.boolean(),
  canDelete: z.boolean(),
  /** A small picture of the match once converted. */
  posterUrl: z.nullable(z.string()),
  createdAt: z.string(),
});
export type MatchSummary = z.infer<typeof matchSummarySchema>;

/** One match, for its page: the summary and where its files are. */
export const matchSchema = z.extend(matchSummarySchema, {
  /** The HLS playlist of its ladder, once 'lista'. */
  streamUrl: z.nullable(z.string()),
  /** The original file, once uploaded (for staff's clips, and as the fallback without HLS). */
  originalUrl: z.nullable(z.string()),
  sourceHeight: z.nullable(z.number()),
  /** Frames per second of the original ('frame by frame' on its page); null when unknown. */
  frameRate: z.nullable(z.number()),
});
export type Match = z.infer<typeof matchSchema>;

export const matchResponseSchema = z.object({ match: matchSchema, message: z.optional(z.string()) });

/** A course a trainee may upload a match in, with the classmates who may be their 'Pareja'. */
export const matchCourseSchema = z.object({
  id: z.string(),
  name: z.string(),
  classmates: z.array(personSchema),
});
export type MatchCourse = z.infer<typeof matchCourseSchema>;

/** 'Mis partidos': the trainee's matches (uploaded or as the pair), their consent, and where they may upload. */
export const myMatchesSchema = z.object({
  matches: z.array(matchSummarySchema),
  consent: z.boolean(),
  courses: z.array(matchCourseSchema),
});
export type MyMatches = z.infer<typeof myMatchesSchema>;

/** A course's storage for matches: what they take (originals, their streaming files) and the limit. */
export const matchStorageSchema = z.object({ usedBytes: z.number(), limitBytes: z.number() });
export type MatchStorage = z.infer<typeof matchStorageSchema>;

/** The course's 'Partidos' for its staff. */
export const courseMatchesSchema = z.object({
  matches: z.array(matchSummarySchema),
  storage: matchStorageSchema,
  /** The reader may change the storage limit (an administrator). */
  canSetLimit: z.boolean(),
});
export type CourseMatches = z.infer<typeof courseMatchesSchema>;

export const consentInputSchema = z.object({ allowed: z.boolean({ error: messages.requiredField }) });

const limitError = m.storageLimitInvalid;
export const storageLimitInputSchema = z.object({
  limitGb: z.number({ error: limitError }).check(z.gte(1, limitError), z.lte(STORAGE_LIMIT_MAX_GB, limitError)),
});
