// Courses, modules and documents: request bodies validated on both sides, and the JSON the API returns.
import * as z from 'zod/mini';
import { messages, tooHeavy, tooLong, tooMany } from '../messages.ts';
import { progressSchema } from './activities.ts';
import { amountSchema } from './payments.ts';
import { staffRoles } from '../course-roles.ts';

export const NAME_MAX = 120;
export const DESCRIPTION_MAX = 10_000;
export const DOCUMENT_NAME_MAX = 200;
export const QUESTION_MAX = 2_000;
export const QUESTIONS_PER_MODULE_MAX = 100;
export const VIDEO_URL_MAX = 2_000;
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const DOCUMENT_MAX_BYTES = 100 * 1024 * 1024;

export const imageTooHeavy = tooHeavy('La imagen', IMAGE_MAX_BYTES);
export const documentTooHeavy = tooHeavy('El archivo', DOCUMENT_MAX_BYTES);

const requiredText = (max: number, what: string) =>
  z
    .string({ error: messages.requiredField })
    .check(z.trim(), z.minLength(1, { error: messages.requiredField, abort: true }), z.maxLength(max, tooLong(what, max)));

export const idSchema = z.string().check(z.regex(/^[A-Za-z0-9_-]{1,64}$/, messages.invalidId));

export const courseInputSchema = z.object({
  name: requiredText(NAME_MAX, 'El nombre'),
  description: requiredText(DESCRIPTION_MAX, 'La descripción'),
  imageId: z.string({ error: messages.incomplete }).check(z.regex(/^[A-Za-z0-9_-]{1,64}$/, messages.incomplete)),
});
export type CourseInput = z.input<typeof courseInputSchema>;
export const courseUpdateSchema = z.partial(courseInputSchema);

export const courseSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  imageUrl: z.string(),
  /** When it was archived (admins only see archived courses); absent while active. */
  archivedAt: z.optional(z.string()),
});
export type Course = z.infer<typeof courseSchema>;

/** A course on the admin's 'Cursos' page: what it holds and what waits for them in it. */
export const courseOverviewSchema = z.object({
  ...courseSchema.shape,
  modules: z.number(),
  students: z.number(),
  /** Submitted activities awaiting correction ('3 por corregir'). */
  awaitingCorrection: z.number(),
  /** Module forums where a student wrote since an admin last opened them. */
  modulesWithNewMessages: z.number(),
  /** A student worked in it: it can be archived, not deleted. */
  hasStudentWork: z.boolean(),
  /** The course this one renews ('Crear curso de actualización'); absent for a first course. */
  renewsCourse: z.optional(z.object({ id: z.string(), name: z.string() })),
  /** When its next class starts (null: none ahead). */
  nextLessonAt: z.nullable(z.string()),
  /** Its exams open now (within their dates, or without any). */
  openExams: z.number(),
  /** Asked for with `?pendientes=1`, to whoever sees payments: trainees with an instalment past due. */
  overdueTrainees: z.optional(z.number()),
  /** Asked for with `?pendientes=1`, to whoever manages approval: trainees 'Apto' without a licence in force. */
  aptosWithoutCertificate: z.optional(z.number()),
  /** The reader's roles in the course's team; absent for an administrator, who may do everything. */
  roles: z.optional(z.array(z.enum(staffRoles))),
});
export type CourseOverview = z.infer<typeof courseOverviewSchema>;

/** A YouTube address or bare video id, or the address of a video file. */
export const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;
export function youtubeId(value: string): string | null {
  const text = value.trim();
  if (YOUTUBE_ID.test(text)) return text;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  const host = url.hostname.replace(/^www\.|^m\./, '');
  let id: string | null = null;
  if (host === 'youtu.be') id = url.pathname.slice(1).split('/')[0] ?? null;
  else if (host === 'youtube.com' || host === 'youtube-nocookie.com' || host === 'music.youtube.com') {
    if (url.pathname === '/watch') id = url.searchParams.get('v');
    else {
      const match = /^\/(?:embed|shorts|live|v)\/([^/?#]+)/.exec(url.pathname);
      id = match?.[1] ?? null;
    }
  }
  return id && YOUTUBE_ID.test(id) ? id : null;
}

export const invalidVideo = messages.invalidVideo;

export const videoUrlSchema = z.string({ error: messages.requiredField }).check(
  z.trim(),
  z.minLength(1, { error: messages.requiredField, abort: true }),
  z.maxLength(VIDEO_URL_MAX, invalidVideo),
  z.refine((value) => {
    if (youtubeId(value)) return true;
    try {
      const url = new URL(value);
      // Pages are served over https in production, where an http video would be blocked.
      return url.protocol === 'https:';
    } catch {
      return false;
    }
  }, invalidVideo),
);

export const questionTextSchema = z
  .string()
  .check(z.trim(), z.minLength(1, messages.emptyQuestion), z.maxLength(QUESTION_MAX, tooLong('La pregunta', QUESTION_MAX)));

/** The fields of a question, as a module's body gives them (stored as they are: a field added here reaches the database). */
const questionFieldsSchema = z.object({ text: questionTextSchema });

/** A question as a module's body sends it: its text alone, or its fields. */
export const questionInputSchema = z.pipe(
  z.transform((value: string | z.input<typeof questionFieldsSchema>) => (typeof value === 'string' ? { text: value } : value)),
  questionFieldsSchema,
);

/**
 * A module video's length in seconds, as the instructor's side knows it: the uploaded file's own,
 * or for an address what the module editor's player read or the instructor typed ('Duración').
 * Shorter than this it is not believed (no module video is a few seconds long): unknown.
 */
export const MODULE_VIDEO_MIN_SECONDS = 10;
/** A day: no module video is longer. */
export const MODULE_VIDEO_MAX_SECONDS = 24 * 60 * 60;
export const moduleVideoDurationSchema = z
  .number({ error: messages.moduleVideoDuration })
  .check(z.gte(MODULE_VIDEO_MIN_SECONDS, messages.moduleVideoDuration), z.lte(MODULE_VIDEO_MAX_SECONDS, messages.moduleVideoDuration));

export const moduleInputSchema = z.object({
  courseId: z.string({ error: messages.selectCourse }).check(z.minLength(1, messages.selectCourse)),
  name: requiredText(NAME_MAX, 'El nombre'),
  imageId: z.string({ error: messages.incomplete }).check(z.regex(/^[A-Za-z0-9_-]{1,64}$/, messages.incomplete)),
  /** The video is either an address (`videoUrl`) or an uploaded file (`videoId`, from POST /api/videos): exactly one. */
  videoUrl: z.optional(videoUrlSchema),
  videoId: z.optional(idSchema),
  /**
   * 'Duración (mm:ss)' of a video given by its address, in seconds (null: not known). An uploaded
   * file's length is the file's own: this is ignored with one.
   */
  videoDuration: z.optional(z.nullable(moduleVideoDurationSchema)),
  questions: z
    .array(questionInputSchema)
    .check(z.maxLength(QUESTIONS_PER_MODULE_MAX, tooMany('Un módulo', QUESTIONS_PER_MODULE_MAX, 'preguntas'))),
  /** 'Pagado mínimo para habilitar' (whole pesos): a trainee whose payments reach it gets the module. Null: none. */
  minPaid: z.optional(z.nullable(amountSchema)),
});
export type ModuleInput = z.infer<typeof moduleInputSchema>;
/** What a client sends to create a module (before the server's schema shapes it into `ModuleInput`). */
export type ModuleInputBody = z.input<typeof moduleInputSchema>;
export const moduleUpdateSchema = z.partial(z.omit(moduleInputSchema, { courseId: true }));
export type ModuleUpdate = z.infer<typeof moduleUpdateSchema>;
export type ModuleUpdateBody = z.input<typeof moduleUpdateSchema>;

export const moduleOrderSchema = z.object({
  moduleIds: z.array(z.string()).check(z.minLength(1), z.maxLength(500)),
});

/** One rendition of an uploaded video (H.264 MP4, made after the upload): the smallest is 'Ahorro de datos'. */
export const videoRenditionSchema = z.object({ height: z.number(), url: z.string(), size: z.number() });
export type VideoRendition = z.infer<typeof videoRenditionSchema>;

/** How the processing of an uploaded video goes, for the instructor ('Procesando video… 45 %'). */
export const videoProcessingSchema = z.object({
  state: z.enum(['pendiente', 'en-curso', 'lista', 'fallida']),
  percent: z.nullable(z.number()),
  /** Why it failed, in Spanish: shown where the progress would be. */
  error: z.nullable(z.string()),
});
export type VideoProcessing = z.infer<typeof videoProcessingSchema>;

export const moduleSchema = z.object({
  id: z.string(),
  courseId: z.string(),
  name: z.string(),
  imageUrl: z.string(),
  /** Where the video plays from: a YouTube address, a file on the web, or the uploaded file's address. */
  videoUrl: z.string(),
  /** The uploaded video file, when the video is one; null for an address. */
  videoFile: z.nullable(z.object({ id: z.string(), mimeType: z.string(), size: z.number() })),
  /** The uploaded video's renditions, smallest first; empty until made, or for an address. */
  videoRenditions: z.array(videoRenditionSchema),
  /** A frame of the uploaded video, shown before it plays; null until made, or for an address. */
  posterUrl: z.nullable(z.string()),
  /** 'Subtítulos (.vtt)' of the uploaded video; null without. */
  captionsUrl: z.nullable(z.string()),
  position: z.number(),
  /** When it was archived (admins only see archived modules); absent while active. */
  archivedAt: z.optional(z.string()),
});
export type Module = z.infer<typeof moduleSchema>;

/** Jugadas answered right on the first attempt, of how many the module has. */
export const jugadaScoreSchema = z.object({ correct: z.number(), total: z.number() });
export type JugadaScore = z.infer<typeof jugadaScoreSchema>;

/** How much of the module's video the student watched, and where they left off (to resume there). */
export const watchedSchema = z.object({
  /** Watched seconds over the video's known length, 0 to 100, rounded down; null while the length is not known. */
  percent: z.nullable(z.number()),
  seconds: z.number(),
  /** The video's known length (never what a student's player claims); null while not known. */
  duration: z.nullable(z.number()),
  position: z.number(),
});
export type Watched = z.infer<typeof watchedSchema>;

/** A module as its student sees it: with their state in it (and their jugadas score, null when it has none; what they watched, null before they play it). */
export const studentModuleDetailSchema = z.extend(moduleSchema, {
  progress: z.nullable(progressSchema),
  jugadas: z.nullable(jugadaScoreSchema),
  watched: z.nullable(watchedSchema),
});
export type StudentModuleDetail = z.infer<typeof studentModuleDetailSchema>;

export const questionSchema = z.object({ id: z.string(), text: z.string() });
export const moduleWithQuestionsSchema = z.extend(moduleSchema, {
  questions: z.array(questionSchema),
  /** 'Pagado mínimo para habilitar' in whole pesos; null when payments do not enable it. */
  minPaid: z.nullable(z.number()),
  /** A student answered, wrote or was corrected in it: it can be archived, not deleted. */
  hasStudentWork: z.boolean(),
  /** The uploaded video's processing into renditions; null for an address. */
  videoProcessing: z.nullable(videoProcessingSchema),
  /** The video's known length in seconds (the file's own, or the address's 'Duración'); null when not known. */
  videoDuration: z.nullable(z.number()),
});
export type ModuleWithQuestions = z.infer<typeof moduleWithQuestionsSchema>;

/**
 * An exam of a module and where the student stands with it, in facts that do not change with the
 * time: whether it can be taken now is the client's to work out (shared/exam-rules.ts
 * `moduleExamFlag`), because the page's data is kept and its drawing reused while nothing changes.
 */
export const moduleExamSchema = z.object({
  id: z.string(),
  title: z.string(),
  /** ISO instants; null when the exam has no such limit. */
  opensAt: z.nullable(z.string()),
  closesAt: z.nullable(z.string()),
  /** Attempts allowed per trainee, and the hours to wait after one before the next. */
  attempts: z.number(),
  waitHours: z.number(),
  /** Attempts they started (the open one too). */
  attemptsUsed: z.number(),
  /** When they handed in their last graded attempt. */
  lastSubmittedAt: z.nullable(z.string()),
  /** Some graded attempt passed. */
  passed: z.boolean(),
  /** The deadline of the attempt they have open; null without one. */
  openAttemptEndsAt: z.nullable(z.string()),
});
export type ModuleExam = z.infer<typeof moduleExamSchema>;

/** What a student sees of a course's modules: enabled ones in full, the rest as upcoming. */
export const studentModuleSchema = z.extend(z.pick(moduleSchema, { id: true, name: true, imageUrl: true, position: true }), {
  /** Archived after the student worked in it: listed so their answers and corrections stay readable. */
  archived: z.boolean(),
  enabled: z.boolean(),
  /** The student's state in the module; null when it has none to show. */
  progress: z.nullable(progressSchema),
  /** Jugadas right on the first attempt; null when the module has none or is not open to them. */
  jugadas: z.nullable(jugadaScoreSchema),
  /** Percent of the video watched; null before they play it, while the video's length is not known, or when the module is not open to them. */
  watchedPercent: z.nullable(z.number()),
  /** The module's exams and where they stand with each; empty when it has none or is not open to them. */
  exams: z.array(moduleExamSchema),
});
export type StudentModule = z.infer<typeof studentModuleSchema>;

export const documentSchema = z.object({
  id: z.string(),
  courseId: z.string(),
  name: z.string(),
  mimeType: z.string(),
  extension: z.string(),
  size: z.number(),
  url: z.string(),
  createdAt: z.string(),
});
export type CourseDocument = z.infer<typeof documentSchema>;

export const documentNameSchema = requiredText(DOCUMENT_NAME_MAX, 'El nombre');

export const archiveInputSchema = z.object({ archived: z.boolean({ error: messages.archiveChoice }) });
