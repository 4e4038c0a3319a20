// The one database schema, shared by the embedded database and PostgreSQL.
// The first four tables are better-auth's (with its admin plugin's fields); their
// column names are what its Drizzle adapter expects.
import { relations, sql } from 'drizzle-orm';
import { noRequirements, type ApprovalRequirements, type RecordRow } from '../../shared/approval-rules.ts';
import type { ChangeKind, StaffRole } from '../../shared/course-roles.ts';
import type { NoticeKind } from '../../shared/schemas/notices.ts';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

// Accented letters folded for search; the same folding is applied to what the admin types.
export const SEARCH_FROM = 'ÁÀÄÂÉÈËÊÍÌÏÎÓÒÖÔÚÙÜÛÑÇáàäâéèëêíìïîóòöôúùüûñç';
export const SEARCH_TO = 'AAAAEEEEIIIIOOOOUUUUNCaaaaeeeeiiiioooouuuunc';

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

export const user = pgTable(
  'user',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull().unique(),
    emailVerified: boolean('email_verified').notNull().default(false),
    image: text('image'),
    role: text('role').notNull().default('student'),
    banned: boolean('banned').default(false),
    banReason: text('ban_reason'),
    banExpires: timestamp('ban_expires', { withTimezone: true }),
    /** Name and email, lower-cased and without accents: what the admin's user search matches. */
    searchText: text('search_text').generatedAlwaysAs(sql.raw(`lower(translate(name || ' ' || email, '${SEARCH_FROM}', '${SEARCH_TO}'))`)),
    ...timestamps,
  },
  (t) => [
    index('user_role_idx').on(t.role),
    index('user_name_idx').on(t.name, t.id),
    // Substring search over name and email stays fast with many users (trigram indexes).
    index('user_search_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
  ],
);

export const session = pgTable(
  'session',
  {
    id: text('id').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    token: text('token').notNull().unique(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    impersonatedBy: text('impersonated_by'),
    ...timestamps,
  },
  (t) => [index('session_user_id_idx').on(t.userId)],
);

export const account = pgTable(
  'account',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    scope: text('scope'),
    password: text('password'),
    ...timestamps,
  },
  (t) => [index('account_user_id_idx').on(t.userId)],
);

export const verification = pgTable(
  'verification',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ...timestamps,
  },
  (t) => [index('verification_identifier_idx').on(t.identifier)],
);

// Relations better-auth uses to read a session and its user in one query.
export const userRelations = relations(user, ({ many }) => ({ sessions: many(session), accounts: many(account) }));
export const sessionRelations = relations(session, ({ one }) => ({ user: one(user, { fields: [session.userId], references: [user.id] }) }));
export const accountRelations = relations(account, ({ one }) => ({ user: one(user, { fields: [account.userId], references: [user.id] }) }));

/** Fixed-window counters for login and recovery attempts, shared by every app instance. */
export const rateLimit = pgTable('rate_limit', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
  /** Progressive delays (login): no attempt is let through before this time. */
  blockedUntil: timestamp('blocked_until', { withTimezone: true }),
  /** Whether the latest attempt was let through (what the counting statement answers). */
  allowed: boolean('allowed').notNull().default(true),
});

/**
 * A create someone may repeat (a double tap, a retry after a lost answer): the first answer per
 * user and `Idempotency-Key`, replayed to any repeat (http/idempotency.ts). Rows older than a day
 * are deleted.
 */
export const idempotencyKey = pgTable(
  'idempotency_key',
  {
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    /** Method, path and body of the first request: the same key for another request is refused. */
    requestHash: text('request_hash').notNull(),
    /** The first answer; null only while the first request runs. */
    response: jsonb('response'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] }), index('idempotency_key_created_idx').on(t.createdAt)],
);

/**
 * When what a student's pages show last changed: one stamp for the content every student shares
 * (scope 'content': courses, modules, videos, jugadas, exams) and one per person (scope
 * 'user:<id>': their access, activity, answers, progress, account). Triggers set a new stamp at
 * the commit of any change to a table a page reads (migration 0022), so every app instance knows
 * from one indexed read whether a page it kept is still what the database holds (pages/kept-rows.ts).
 */
export const dataStamp = pgTable('data_stamp', {
  scope: text('scope').primaryKey(),
  stamp: text('stamp').notNull(),
});

/** An uploaded picture (course or module image); the bytes live in file storage. */
export const image = pgTable('image', {
  id: text('id').primaryKey(),
  storageKey: text('storage_key').notNull(),
  mimeType: text('mime_type').notNull(),
  size: integer('size').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const course = pgTable('course', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  description: text('description').notNull(),
  imageId: text('image_id')
    .notNull()
    .references(() => image.id),
  /** Archived: hidden from students, everything they wrote kept; null while active. */
  archivedAt: timestamp('archived_at', { withTimezone: true }),
  /** 'Prueba física': the test's name and the level that passes it. */
  fitnessTestName: text('fitness_test_name').notNull().default('Course navette'),
  fitnessMinLevel: doublePrecision('fitness_min_level').notNull().default(8.5),
  /** Emails to trainees 3 days before an instalment is due, and on its day. */
  paymentReminders: boolean('payment_reminders').notNull().default(true),
  /** 'Requisitos de aprobación': what makes a trainee 'Apto' (shared/approval-rules.ts). */
  requirements: jsonb('requirements').$type<ApprovalRequirements>().notNull().default(noRequirements),
  /** The licence a passing trainee gets: its level ('Árbitro Provincial'), the rules edition, and months until it expires. */
  licenceLevel: text('licence_level').notNull().default(''),
  rulesEdition: text('rules_edition').notNull().default(''),
  licenceMonths: integer('licence_months').notNull().default(12),
  /** 'Firma del certificado': who signs its certificates, their name and title; '' until the course names them (nothing is issued before). */
  certificateSignerName: text('certificate_signer_name').notNull().default(''),
  certificateSignerTitle: text('certificate_signer_title').notNull().default(''),
  /** The course this one updates ('Crear curso de actualización'); null for a first course. */
  renewsCourseId: text('renews_course_id').references((): AnyPgColumn => course.id, { onDelete: 'set null' }),
  /** 'Partidos': how many bytes the trainees' match videos may take in this course (set by an administrator). */
  matchStorageLimit: bigint('match_storage_limit', { mode: 'number' }).notNull().default(21474836480),
  ...timestamps,
});

export const courseModule = pgTable(
  'module',
  {
    id: text('id').primaryKey(),
    courseId: text('course_id')
      .notNull()
      .references(() => course.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    imageId: text('image_id')
      .notNull()
      .references(() => image.id),
    /** Exactly one video: an address (YouTube or a file on the web) or an uploaded file. */
    videoUrl: text('video_url'),
    videoId: text('video_id').references((): AnyPgColumn => video.id),
    /**
     * The video's length as the server knows it, what watched percentages are computed against:
     * an uploaded file's own (read at upload), else the 'Duración' of the address, from the module
     * editor (its player reads it, or the instructor types it). Null while not known (and under 10 s
     * it is not believed); reset with the video. Never what a student's player reports.
     */
    videoDurationSeconds: doublePrecision('video_duration_seconds'),
    position: integer('position').notNull(),
    /** 'Pagado mínimo para habilitar': a payment that brings a trainee's total to this (whole pesos) enables the module for them. */
    minPaid: integer('min_paid'),
    /** Archived: hidden from students, everything they wrote kept; null while active. */
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    /** 'Subtítulos (.vtt)' of its uploaded video: the stored WebVTT file's key; null without. */
    captionsKey: text('captions_key'),
    ...timestamps,
  },
  (t) => [
    index('module_course_position_idx').on(t.courseId, t.position),
    check('module_one_video', sql`(${t.videoUrl} is null) <> (${t.videoId} is null)`),
  ],
);

/** The module's open questions: the template copied into each student's activity. */
export const moduleQuestion = pgTable(
  'module_question',
  {
    id: text('id').primaryKey(),
    moduleId: text('module_id')
      .notNull()
      .references(() => courseModule.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    text: text('text').notNull(),
  },
  (t) => [index('module_question_module_idx').on(t.moduleId, t.position)],
);

/** A course enabled (or blocked) for a user. */
export const courseAccess = pgTable(
  'course_access',
  {
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    courseId: text('course_id')
      .notNull()
      .references(() => course.id, { onDelete: 'cascade' }),
    enabled: boolean('enabled').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.courseId] }), index('course_access_course_idx').on(t.courseId)],
);

/**
 * A course's team ('Equipo del curso'): one row per person and role they hold in the course
 * (shared/course-roles.ts). Leaving the team removes the rows only: what the person did keeps
 * their name.
 */
export const courseStaff = pgTable(
  'course_staff',
  {
    courseId: text('course_id')
      .notNull()
      .references(() => course.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    role: text('role').$type<StaffRole>().notNull(),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.courseId, t.userId, t.role] }),
    index('course_staff_user_idx').on(t.userId),
    check('course_staff_role_check', sql`${t.role} in ('instructor', 'ayudante', 'observador', 'tesoreria')`),
  ],
);

/** A module enabled (or blocked) for a user. Blocking keeps the user's activity. */
export const moduleAccess = pgTable(
  'module_access',
  {
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    moduleId: text('module_id')
      .notNull()
      .references(() => courseModule.id, { onDelete: 'cascade' }),
    enabled: boolean('enabled').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.moduleId] }), index('module_access_module_idx').on(t.moduleId)],
);

/** A student's copy of a module's questions, with their answers and the corrections. */
export const activity = pgTable(
  'activity',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    moduleId: text('module_id')
      .notNull()
      .references(() => courseModule.id, { onDelete: 'cascade' }),
    /** Submitted and awaiting correction (the spec's `sended`). */
    submitted: boolean('submitted').notNull().default(false),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    correctedAt: timestamp('corrected_at', { withTimezone: true }),
    /** Bumped on every change, so concurrent corrections can be detected. */
    version: integer('version').notNull().default(1),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('activity_user_module_idx').on(t.userId, t.moduleId),
    index('activity_awaiting_idx')
      .on(t.submittedAt)
      .where(sql`${t.submitted}`),
  ],
);

export const activityItem = pgTable(
  'activity_item',
  {
    id: text('id').primaryKey(),
    activityId: text('activity_id')
      .notNull()
      .references(() => activity.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    question: text('question').notNull(),
    answer: text('answer'),
    /** null: not corrected; true: correct; false: incorrect. */
    correction: boolean('correction'),
    feedback: text('feedback'),
    editable: boolean('editable').notNull().default(true),
  },
  (t) => [index('activity_item_activity_idx').on(t.activityId, t.position)],
);

/** One item's decision as it was saved in a correction. */
export interface CorrectionRecordItem {
  question: string;
  correct: boolean;
  feedback: string | null;
}

/** Every correction saved for an activity, the first and each change: who, when and what. */
export const correctionRecord = pgTable(
  'correction_record',
  {
    id: text('id').primaryKey(),
    activityId: text('activity_id')
      .notNull()
      .references(() => activity.id, { onDelete: 'cascade' }),
    adminId: text('admin_id').references(() => user.id, { onDelete: 'set null' }),
    /** The admin's name when they saved it (kept if the account is renamed or removed). */
    adminName: text('admin_name').notNull(),
    /** 'correccion' for a correction of a submission, 'modificacion' for a change of a saved one. */
    kind: text('kind').notNull(),
    items: jsonb('items').$type<CorrectionRecordItem[]>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('correction_record_activity_idx').on(t.activityId, t.createdAt)],
);

/** A downloadable file of a course. */
export const document = pgTable(
  'document',
  {
    id: text('id').primaryKey(),
    courseId: text('course_id')
      .notNull()
      .references(() => course.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    storageKey: text('storage_key').notNull(),
    mimeType: text('mime_type').notNull(),
    extension: text('extension').notNull(),
    size: integer('size').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('document_course_idx').on(t.courseId, t.createdAt)],
);

/** A message in a module's forum. */
export const forumMessage = pgTable(
  'forum_message',
  {
    id: text('id').primaryKey(),
    moduleId: text('module_id')
      .notNull()
      .references(() => courseModule.id, { onDelete: 'cascade' }),
    userId: text('user_id').references(() => user.id, { onDelete: 'set null' }),
    /** The author's full name when they wrote it (the spec's nameMessage). */
    authorName: text('author_name').notNull(),
    isAdmin: boolean('is_admin').notNull(),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('forum_message_module_idx').on(t.moduleId, t.createdAt)],
);

/** Per module: when a student last wrote and when an admin last opened the forum (the NUEVOS MENSAJES badge). */
export const forumState = pgTable('forum_state', {
  moduleId: text('module_id')
    .primaryKey()
    .references(() => courseModule.id, { onDelete: 'cascade' }),
  lastStudentMessageAt: timestamp('last_student_message_at', { withTimezone: true }),
  lastAdminReadAt: timestamp('last_admin_read_at', { withTimezone: true }),
});

/** An uploaded video file (a jugada's clip or a module's video); the bytes live in file storage. */
export const video = pgTable('video', {
  id: text('id').primaryKey(),
  storageKey: text('storage_key').notNull(),
  mimeType: text('mime_type').notNull(),
  size: integer('size').notNull(),
  /** Its length, read from the file at upload; null when the file does not say (e.g. a WebM recorded live). */
  durationSeconds: doublePrecision('duration_seconds'),
  /**
   * Its renditions (`video_rendition`, made with ffmpeg after the upload; the original is kept):
   * 'pendiente' until they are made, 'en-curso' while an instance makes them, 'lista' once made,
   * 'fallida' when they could not be (`processingError` says why; the original is served).
   */
  renditionState: text('rendition_state', { enum: ['pendiente', 'en-curso', 'lista', 'fallida'] })
    .notNull()
    .default('pendiente'),
  /**
   * The claim's last sign of life: set when an instance claims the video and again with each
   * progress it writes. A claim left by a stopped instance is taken again after a while.
   */
  renditionStartedAt: timestamp('rendition_started_at', { withTimezone: true }),
  /** How far ffmpeg got, 0 to 100, while 'en-curso' (for the instructor); null before it starts. */
  processingPercent: integer('processing_percent'),
  /** Why it is 'fallida', in Spanish for the instructor. */
  processingError: text('processing_error'),
  /**
   * Tries that failed since the upload (or the instructor's 'Reintentar'): a failed one is tried
   * again by itself, spaced out, up to `RENDITION_RETRIES` times; then the video is 'fallida'.
   */
  renditionFailures: integer('rendition_failures').notNull().default(0),
  /** A video waiting to be tried again ('pendiente') is not claimed before this time. */
  renditionRetryAt: timestamp('rendition_retry_at', { withTimezone: true }),
  /** A JPEG of a frame near its start, shown before it plays. */
  posterKey: text('poster_key'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One rendition of an uploaded video: H.264/AAC MP4 at a height no taller than the original's.
 * When ffmpeg's copy came out heavier than the original, the row names the original itself
 * (its key, size and type): the lighter file is served.
 */
export const videoRendition = pgTable(
  'video_rendition',
  {
    videoId: text('video_id')
      .notNull()
      .references(() => video.id, { onDelete: 'cascade' }),
    height: integer('height').notNull(),
    storageKey: text('storage_key').notNull(),
    mimeType: text('mime_type').notNull(),
    size: integer('size').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.videoId, t.height] })],
);

/** One option of a course's lists for jugadas: a decision ('decision') or a sanction ('sanction'). */
export const jugadaOption = pgTable(
  'jugada_option',
  {
    id: text('id').primaryKey(),
    courseId: text('course_id')
      .notNull()
      .references(() => course.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['decision', 'sanction'] }).notNull(),
    label: text('label').notNull(),
    position: integer('position').notNull(),
  },
  (t) => [index('jugada_option_course_idx').on(t.courseId, t.kind, t.position)],
);

/** A video clip of a module where the student makes the referee's call. */
export const jugada = pgTable(
  'jugada',
  {
    id: text('id').primaryKey(),
    moduleId: text('module_id')
      .notNull()
      .references(() => courseModule.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    /** Exactly one source: an uploaded file or a YouTube video. */
    videoId: text('video_id').references(() => video.id),
    youtubeId: text('youtube_id'),
    startSeconds: doublePrecision('start_seconds'),
    endSeconds: doublePrecision('end_seconds'),
    prompt: text('prompt').notNull(),
    correctDecisionId: text('correct_decision_id')
      .notNull()
      .references(() => jugadaOption.id),
    correctSanctionId: text('correct_sanction_id')
      .notNull()
      .references(() => jugadaOption.id),
    momentSeconds: doublePrecision('moment_seconds'),
    toleranceSeconds: doublePrecision('tolerance_seconds').notNull().default(1),
    explanation: text('explanation').notNull(),
    /** 'Etiquetas' ('7 metros', 'juego pasivo'): what the course's clips are found and drawn by. */
    tags: jsonb('tags').$type<string[]>().notNull().default([]),
    /** 'Uso': 'practica' (the module's jugadas), 'examen' (only inside a video exam attempt) or 'ambos'. */
    use: text('use', { enum: ['practica', 'examen', 'ambos'] })
      .notNull()
      .default('practica'),
    /** Archived: hidden from students and left out of their scores, their answers kept; null while active. */
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [index('jugada_module_position_idx').on(t.moduleId, t.position)],
);

/** A student's first answer to a jugada: the one that counts. Later practice is graded but not kept. */
export const jugadaAnswer = pgTable(
  'jugada_answer',
  {
    jugadaId: text('jugada_id')
      .notNull()
      .references(() => jugada.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    decisionId: text('decision_id')
      .notNull()
      .references(() => jugadaOption.id),
    sanctionId: text('sanction_id')
      .notNull()
      .references(() => jugadaOption.id),
    momentSeconds: doublePrecision('moment_seconds'),
    decisionCorrect: boolean('decision_correct').notNull(),
    sanctionCorrect: boolean('sanction_correct').notNull(),
    /** null when the jugada has no moment to mark. */
    momentCorrect: boolean('moment_correct'),
    correct: boolean('correct').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.jugadaId, t.userId] }), index('jugada_answer_user_idx').on(t.userId)],
);

/**
 * A single-use link to choose a first password, valid for 7 days. Only the SHA-256 of the
 * token is stored, so the table alone cannot be used to sign in.
 */
export const invitation = pgTable(
  'invitation',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('invitation_user_idx').on(t.userId)],
);

/**
 * Which notification emails a user wants. Admins: submitted answers and forum questions, each
 * 'immediate', 'daily' (one summary a day) or 'never'. Students: admins' forum answers,
 * 'immediate' or 'never'. No row means the defaults.
 */
export const emailPreference = pgTable('email_preference', {
  userId: text('user_id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  submissions: text('submissions').notNull().default('immediate'),
  questions: text('questions').notNull().default('immediate'),
  forumReplies: text('forum_replies').notNull().default('immediate'),
  /** Emails before a licence expires (60, 30 and 7 days before). */
  licenceReminders: boolean('licence_reminders').notNull().default(true),
  /** Students: an email when an activity is corrected ('immediate' or 'never'). */
  corrections: text('corrections').notNull().default('immediate'),
  /** Students: emails the day before a class, when an exam opens (not sent before there was a choice), before an instalment is due. */
  lessonReminders: boolean('lesson_reminders').notNull().default(false),
  examReminders: boolean('exam_reminders').notNull().default(false),
  instalmentReminders: boolean('instalment_reminders').notNull().default(true),
  /** Which kinds come as a notice on the phones that allowed them (Web Push); a kind not named does. */
  push: jsonb('push').$type<Partial<Record<NoticeKind, boolean>>>().notNull().default({}),
  /** Up to when the daily summary has covered what happened. */
  digestCoveredUntil: timestamp('digest_covered_until', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Per student and module: when the last email about admins' forum answers went out, and
 * whether answers have arrived since (sent grouped once 10 minutes have passed).
 */
export const forumReplyNotice = pgTable(
  'forum_reply_notice',
  {
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    moduleId: text('module_id')
      .notNull()
      .references(() => courseModule.id, { onDelete: 'cascade' }),
    lastSentAt: timestamp('last_sent_at', { withTimezone: true }).notNull(),
    pendingSince: timestamp('pending_since', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.moduleId] }),
    index('forum_reply_notice_pending_idx')
      .on(t.pendingSince)
      .where(sql`${t.pendingSince} is not null`),
  ],
);

/**
 * Emails waiting to go: those the mail server refused or could not be reached for, and reminders
 * queued in the same transaction that claims them. The background worker retries them with
 * growing waits until delivered, so no email is lost while SMTP is down.
 */
export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: text('id').primaryKey(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    link: text('link'),
    attempts: integer('attempts').notNull().default(1),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull(),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('email_outbox_next_attempt_idx').on(t.nextAttemptAt)],
);

/** A watched interval of a module's video, in seconds: [from, to]. */
export type WatchedInterval = [number, number];

/**
 * How much of a module's video a student has watched: the merged intervals actually played
 * (seeking ahead adds nothing, and no more than wall-clock time since `started_at` allows), the
 * video's duration as this student's player last reported it (kept, deciding nothing: the
 * percentage uses the module's known length), the seconds those intervals cover, and where the
 * student left off.
 */
export const videoProgress = pgTable(
  'video_progress',
  {
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    moduleId: text('module_id')
      .notNull()
      .references(() => courseModule.id, { onDelete: 'cascade' }),
    intervals: jsonb('intervals').$type<WatchedInterval[]>().notNull(),
    durationSeconds: doublePrecision('duration_seconds').notNull(),
    watchedSeconds: doublePrecision('watched_seconds').notNull(),
    positionSeconds: doublePrecision('position_seconds').notNull(),
    /** The first report: what can have played since is bounded by the wall-clock time gone by. */
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.moduleId] }), index('video_progress_module_idx').on(t.moduleId)],
);

// --- Evaluaciones: the course's question bank, its rules exams, and practice -----------------

/**
 * A question of a course's bank ('Banco de preguntas'): two to five options, the right ones by
 * their index (all must be marked, no other), the chapter and rule it examines, what is shown
 * after answering, and the edition of the rules it was written for.
 */
export const bankQuestion = pgTable(
  'bank_question',
  {
    id: text('id').primaryKey(),
    courseId: text('course_id')
      .notNull()
      .references(() => course.id, { onDelete: 'cascade' }),
    text: text('text').notNull(),
    options: jsonb('options').$type<string[]>().notNull(),
    correct: jsonb('correct').$type<number[]>().notNull(),
    chapter: text('chapter').notNull(),
    rule: text('rule').notNull().default(''),
    explanation: text('explanation').notNull().default(''),
    edition: integer('edition').notNull(),
    /** Archived: out of new exams and practice, kept for the attempts that used it; null while active. */
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [index('bank_question_course_idx').on(t.courseId, t.chapter)],
);

/** How many questions of a chapter an exam draws ('Regla 8' → 5). */
export type ChapterCount = { chapter: string; count: number };

/** A rules exam on a module's page: what it draws from the bank and its conditions. */
export const exam = pgTable(
  'exam',
  {
    id: text('id').primaryKey(),
    courseId: text('course_id')
      .notNull()
      .references(() => course.id, { onDelete: 'cascade' }),
    moduleId: text('module_id')
      .notNull()
      .references(() => courseModule.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    /** 'reglamento' draws bank questions; 'video' draws the course's jugadas for 'Examen' (the same columns, clips for questions, tags for chapters). */
    kind: text('kind', { enum: ['reglamento', 'video'] })
      .notNull()
      .default('reglamento'),
    questionCount: integer('question_count').notNull(),
    perChapter: jsonb('per_chapter').$type<ChapterCount[]>().notNull().default([]),
    fixedQuestionIds: jsonb('fixed_question_ids').$type<string[]>().notNull().default([]),
    criticalQuestionIds: jsonb('critical_question_ids').$type<string[]>().notNull().default([]),
    timeMinutes: integer('time_minutes').notNull(),
    passPercent: integer('pass_percent').notNull(),
    attempts: integer('attempts').notNull(),
    waitHours: integer('wait_hours').notNull().default(0),
    /** 'al-entregar': each question's answer shown when the attempt is graded; 'al-cerrar': once the exam closes. */
    resultsRelease: text('results_release').notNull(),
    /** A video exam's: how many times each clip may be played, and the seconds to answer after the last viewing. */
    viewsPerClip: integer('views_per_clip').notNull().default(1),
    answerSeconds: integer('answer_seconds').notNull().default(10),
    opensAt: timestamp('opens_at', { withTimezone: true }),
    closesAt: timestamp('closes_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [index('exam_module_idx').on(t.moduleId), index('exam_course_idx').on(t.courseId)],
);

/**
 * A trainee's attempt at an exam. Open while `submitted_at` is null: its deadline is fixed when it
 * starts (the clock never restarts); after it, the attempt is closed and graded by whoever reads it next.
 */
export const examAttempt = pgTable(
  'exam_attempt',
  {
    id: text('id').primaryKey(),
    examId: text('exam_id')
      .notNull()
      .references(() => exam.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    deadline: timestamp('deadline', { withTimezone: true }).notNull(),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    /** Who closed it: 'alumno' ('Entregar examen') or 'tiempo' (the deadline passed). */
    closedBy: text('closed_by'),
    right: integer('right'),
    scorePercent: integer('score_percent'),
    passed: boolean('passed'),
  },
  (t) => [uniqueIndex('exam_attempt_number_idx').on(t.examId, t.userId, t.number), index('exam_attempt_user_idx').on(t.userId)],
);

/**
 * A question of an attempt, copied from the bank when the attempt starts (later edits of the bank
 * do not change an exam already taken), with the order its options are shown in and the answer.
 */
export const examAttemptQuestion = pgTable(
  'exam_attempt_question',
  {
    attemptId: text('attempt_id')
      .notNull()
      .references(() => examAttempt.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    questionId: text('question_id')
      .notNull()
      .references(() => bankQuestion.id),
    text: text('text').notNull(),
    options: jsonb('options').$type<string[]>().notNull(),
    correct: jsonb('correct').$type<number[]>().notNull(),
    chapter: text('chapter').notNull(),
    rule: text('rule').notNull(),
    explanation: text('explanation').notNull(),
    critical: boolean('critical').notNull(),
    /** The bank's option indices in the order this trainee sees them. */
    optionOrder: jsonb('option_order').$type<number[]>().notNull(),
    /** The options marked, by their place in `option_order` (as the trainee sees them); null before any answer. */
    answer: jsonb('answer').$type<number[]>(),
    /** The client's count for this answer: an older one arriving late never overwrites a newer one. */
    answerSeq: integer('answer_seq').notNull().default(0),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.attemptId, t.position] }), index('exam_attempt_question_question_idx').on(t.questionId)],
);

/**
 * A clip of a video exam attempt, copied from the jugada when the attempt starts (later edits do
 * not change an exam already taken): its segment, the correct call, the viewings used and the answer.
 */
export const examAttemptClip = pgTable(
  'exam_attempt_clip',
  {
    attemptId: text('attempt_id')
      .notNull()
      .references(() => examAttempt.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    /** The jugada it was copied from; null once that jugada is deleted (the copy stands). */
    jugadaId: text('jugada_id').references(() => jugada.id, { onDelete: 'set null' }),
    /** The clip's file: kept while any attempt holds it (see videos/service.ts). */
    videoId: text('video_id')
      .notNull()
      .references(() => video.id),
    startSeconds: doublePrecision('start_seconds').notNull(),
    endSeconds: doublePrecision('end_seconds').notNull(),
    prompt: text('prompt').notNull(),
    correctDecisionId: text('correct_decision_id').notNull(),
    correctSanctionId: text('correct_sanction_id').notNull(),
    momentSeconds: doublePrecision('moment_seconds'),
    toleranceSeconds: doublePrecision('tolerance_seconds').notNull(),
    explanation: text('explanation').notNull(),
    tags: jsonb('tags').$type<string[]>().notNull(),
    critical: boolean('critical').notNull(),
    /** Viewings started ('Ver'), and when the last one started: the answer window follows from it. */
    views: integer('views').notNull().default(0),
    lastViewAt: timestamp('last_view_at', { withTimezone: true }),
    decisionId: text('decision_id'),
    sanctionId: text('sanction_id'),
    answerMomentSeconds: doublePrecision('answer_moment_seconds'),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.attemptId, t.position] }), index('exam_attempt_clip_jugada_idx').on(t.jugadaId)],
);

/** A trainee's practice of a bank question: its Leitner box (1–5) and when it is due again. */
export const practiceCard = pgTable(
  'practice_card',
  {
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    questionId: text('question_id')
      .notNull()
      .references(() => bankQuestion.id, { onDelete: 'cascade' }),
    box: integer('box').notNull(),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    right: integer('right').notNull().default(0),
    wrong: integer('wrong').notNull().default(0),
    answeredAt: timestamp('answered_at', { withTimezone: true }).notNull(),
    /** Its first answer: the new questions a trainee started today count against the day's share. */
    startedAt: timestamp('started_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.questionId] }), index('practice_card_question_idx').on(t.questionId)],
);

// --- El legajo del alumno: clases presenciales, pagos, prueba física, observaciones ------------

/** A class in person ('Clase presencial'), usually on a Saturday morning. */
export const lesson = pgTable(
  'lesson',
  {
    id: text('id').primaryKey(),
    courseId: text('course_id')
      .notNull()
      .references(() => course.id, { onDelete: 'cascade' }),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    durationMinutes: integer('duration_minutes').notNull(),
    place: text('place').notNull().default(''),
    topic: text('topic').notNull().default(''),
    /** What the class's attendance codes are derived from; never leaves the server. */
    codeSecret: text('code_secret').notNull(),
    /** 'Cancelar clase': kept, and shown cancelled (in the calendar feed too); null while it stands. */
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [index('lesson_course_idx').on(t.courseId, t.startsAt)],
);

/** A trainee's attendance at a class: marked with the class's code, or by the instructor. */
export const attendance = pgTable(
  'attendance',
  {
    lessonId: text('lesson_id')
      .notNull()
      .references(() => lesson.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['presente', 'tarde', 'justificado', 'ausente'] }).notNull(),
    /** 'codigo': the trainee typed or scanned the code; 'instructor': marked by hand. */
    source: text('source', { enum: ['codigo', 'instructor'] }).notNull(),
    markedAt: timestamp('marked_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.lessonId, t.userId] }), index('attendance_user_idx').on(t.userId)],
);

/** An instalment of a payment option: whole pesos, due on a day (yyyy-mm-dd). */
export type Instalment = { amount: number; dueDate: string };

/** An option of a course's 'Plan de pagos' ('Dos cuotas de $3000'). */
export const paymentOption = pgTable(
  'payment_option',
  {
    id: text('id').primaryKey(),
    courseId: text('course_id')
      .notNull()
      .references(() => course.id, { onDelete: 'cascade' }),
    label: text('label').notNull(),
    position: integer('position').notNull(),
    instalments: jsonb('instalments').$type<Instalment[]>().notNull(),
    ...timestamps,
  },
  (t) => [index('payment_option_course_idx').on(t.courseId, t.position)],
);

/** The option a trainee pays a course by. */
export const traineePlan = pgTable(
  'trainee_plan',
  {
    courseId: text('course_id')
      .notNull()
      .references(() => course.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    optionId: text('option_id')
      .notNull()
      .references(() => paymentOption.id, { onDelete: 'cascade' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.courseId, t.userId] }), index('trainee_plan_option_idx').on(t.optionId)],
);

/** A payment the instructor recorded (no gateway: cash, a transfer…), with an optional receipt file. */
export const payment = pgTable(
  'payment',
  {
    id: text('id').primaryKey(),
    courseId: text('course_id')
      .notNull()
      .references(() => course.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    /** Whole pesos, more than 0. */
    amount: integer('amount').notNull(),
    paidOn: date('paid_on', { mode: 'string' }).notNull(),
    method: text('method', { enum: ['efectivo', 'transferencia', 'otro'] }).notNull(),
    note: text('note').notNull().default(''),
    receiptKey: text('receipt_key'),
    receiptName: text('receipt_name'),
    receiptType: text('receipt_type'),
    receiptSize: integer('receipt_size'),
    recordedBy: text('recorded_by').references(() => user.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('payment_course_user_idx').on(t.courseId, t.userId), check('payment_amount_positive', sql`${t.amount} > 0`)],
);

/** A module a payment enabled for a trainee: enabled once, so a later block by hand is not undone by the next payment. */
export const paidUnlock = pgTable(
  'paid_unlock',
  {
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    moduleId: text('module_id')
      .notNull()
      .references(() => courseModule.id, { onDelete: 'cascade' }),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.moduleId] })],
);

/** A reminder email sent for an instalment's due date: each one goes once. */
export const paymentReminder = pgTable(
  'payment_reminder',
  {
    courseId: text('course_id')
      .notNull()
      .references(() => course.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    /** 'antes': 3 days before; 'dia': on the day. */
    kind: text('kind', { enum: ['antes', 'dia'] }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.courseId, t.userId, t.dueDate, t.kind] })],
);

/** A physical test taken: the level reached, or null when the trainee did not show up. */
export const fitnessResult = pgTable(
  'fitness_result',
  {
    id: text('id').primaryKey(),
    courseId: text('course_id')
      .notNull()
      .references(() => course.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    testedOn: date('tested_on', { mode: 'string' }).notNull(),
    level: doublePrecision('level'),
    recordedBy: text('recorded_by').references(() => user.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('fitness_result_course_user_idx').on(t.courseId, t.userId)],
);

/** The criteria of a match observation, each scored 1 to 5 with a comment. */
export type ObservationCriteria = Record<string, { score: number; comment: string }>;

/** An observation of the trainee refereeing a match ('Observación de partido'). */
export const observation = pgTable(
  'observation',
  {
    id: text('id').primaryKey(),
    courseId: text('course_id')
      .notNull()
      .references(() => course.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    observedOn: date('observed_on', { mode: 'string' }).notNull(),
    match: text('match').notNull(),
    category: text('category').notNull().default(''),
    observer: text('observer').notNull(),
    criteria: jsonb('criteria').$type<ObservationCriteria>().notNull(),
    comment: text('comment').notNull().default(''),
    recordedBy: text('recorded_by').references(() => user.id, { onDelete: 'set null' }),
    /** The match on video this observation was made from (the record shows it with its comments' summary). */
    matchId: text('match_id').references((): AnyPgColumn => match.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [index('observation_course_user_idx').on(t.courseId, t.userId, t.observedOn)],
);

/** Every change to a trainee's record: who, when, and what, in words ('Pago de $3000 registrado'). */
export const recordChange = pgTable(
  'record_change',
  {
    id: text('id').primaryKey(),
    courseId: text('course_id')
      .notNull()
      .references(() => course.id, { onDelete: 'cascade' }),
    /** The trainee it concerns; null for a change to the course's classes or plan. */
    userId: text('user_id').references(() => user.id, { onDelete: 'cascade' }),
    actorId: text('actor_id').references(() => user.id, { onDelete: 'set null' }),
    actorName: text('actor_name').notNull(),
    summary: text('summary').notNull(),
    /** What the change is about (shared/course-roles.ts `changeKinds`). */
    kind: text('kind').$type<ChangeKind>().notNull().default('otros'),
    /**
     * When it was written: the clock's time, not the transaction's (now()), so the changes one
     * write makes (a payment and the module it enables) keep their order in the history.
     */
    at: timestamp('at', { withTimezone: true })
      .notNull()
      .default(sql`clock_timestamp()`),
  },
  (t) => [index('record_change_course_user_idx').on(t.courseId, t.userId, t.at), index('record_change_course_at_idx').on(t.courseId, t.at)],
);

/**
 * A closed course record ('Acta del curso'): the requirements and every trainee's results as they
 * were when the instructor closed it, kept as issued. A correction supersedes it with a new one.
 */
export const courseRecord = pgTable(
  'course_record',
  {
    id: text('id').primaryKey(),
    courseId: text('course_id')
      .notNull()
      .references(() => course.id, { onDelete: 'cascade' }),
    /** 1, 2 … within the course. */
    number: integer('number').notNull(),
    courseName: text('course_name').notNull(),
    /** The first and last class, as written on the record (null without classes). */
    firstDay: date('first_day', { mode: 'string' }),
    lastDay: date('last_day', { mode: 'string' }),
    requirements: jsonb('requirements').$type<ApprovalRequirements>().notNull(),
    rows: jsonb('rows').$type<RecordRow[]>().notNull(),
    closedAt: timestamp('closed_at', { withTimezone: true }).notNull().defaultNow(),
    closedBy: text('closed_by').references(() => user.id, { onDelete: 'set null' }),
    closedByName: text('closed_by_name').notNull(),
    /** Set when a correction reopened the course: the record stays as issued, marked as replaced. */
    supersededAt: timestamp('superseded_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('course_record_number_idx').on(t.courseId, t.number)],
);

/**
 * A licence ('Certificado') issued to a trainee who was 'Apto'. What it says is copied in when it is
 * issued, so renaming the course or the trainee never changes an issued certificate.
 */
export const certificate = pgTable(
  'certificate',
  {
    id: text('id').primaryKey(),
    /** The public code printed on it and in its QR code (`/verificar/{code}`). */
    code: text('code').notNull(),
    courseId: text('course_id')
      .notNull()
      .references(() => course.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    holderName: text('holder_name').notNull(),
    courseName: text('course_name').notNull(),
    level: text('level').notNull(),
    rulesEdition: text('rules_edition').notNull(),
    issuedOn: date('issued_on', { mode: 'string' }).notNull(),
    expiresOn: date('expires_on', { mode: 'string' }).notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
    issuedByName: text('issued_by_name').notNull(),
    /** Who signs it, as the course named them when it was issued: printed under the signature line. */
    signerName: text('signer_name').notNull(),
    signerTitle: text('signer_title').notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedReason: text('revoked_reason'),
    revokedByName: text('revoked_by_name'),
  },
  (t) => [
    uniqueIndex('certificate_code_idx').on(t.code),
    // One licence in force per trainee and course: a revoked one can be issued again.
    uniqueIndex('certificate_live_idx')
      .on(t.courseId, t.userId)
      .where(sql`revoked_at is null`),
    index('certificate_user_idx').on(t.userId),
  ],
);

/** A renewal reminder sent for a certificate (60, 30 or 7 days before it expires): each one goes once. */
export const certificateReminder = pgTable(
  'certificate_reminder',
  {
    certificateId: text('certificate_id')
      .notNull()
      .references(() => certificate.id, { onDelete: 'cascade' }),
    daysBefore: integer('days_before').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.certificateId, t.daysBefore] })],
);

/**
 * A match a trainee refereed, on video ('Mis partidos'): uploaded from the phone with tus
 * (resumable), then converted to HLS in the background. Seen by the uploader, their 'Pareja' (the
 * other referee of the pair, a trainee of the same course) and the course's staff who may see
 * matches (shared/course-roles.ts 'partidos.ver').
 */
export const match = pgTable(
  'match',
  {
    id: text('id').primaryKey(),
    courseId: text('course_id')
      .notNull()
      .references(() => course.id, { onDelete: 'cascade' }),
    uploadedBy: text('uploaded_by')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    /** 'Pareja': the other referee of the pair; null when the trainee refereed without one on the course. */
    partnerId: text('partner_id').references(() => user.id, { onDelete: 'set null' }),
    playedOn: date('played_on', { mode: 'string' }).notNull(),
    /** 'Partido': 'Vélez – Ferro, Primera B'. */
    title: text('title').notNull(),
    category: text('category').notNull().default(''),
    /**
     * 'subiendo' until the whole file arrived and passed the content check; 'procesando' while the
     * background work converts it ('processingPercent'); 'lista' once it streams; 'fallida' when
     * it could not be converted or was not a video ('processingError' says why).
     */
    state: text('state', { enum: ['subiendo', 'procesando', 'lista', 'fallida'] })
      .notNull()
      .default('subiendo'),
    /** The size the trainee announced before uploading: what the course's storage counts while it arrives. */
    fileSize: bigint('file_size', { mode: 'number' }).notNull(),
    /** The tus upload carrying the file (its id in the upload store); null once it was moved to file storage. */
    uploadId: text('upload_id'),
    /** The original file once it arrived, in file storage. */
    storageKey: text('storage_key'),
    mimeType: text('mime_type'),
    durationSeconds: doublePrecision('duration_seconds'),
    /** The original's height in pixels: no rendition goes above it. */
    sourceHeight: integer('source_height'),
    /** Frames per second of the original, for 'frame by frame' on the match page; null when ffmpeg did not say. */
    frameRate: doublePrecision('frame_rate'),
    processingPercent: integer('processing_percent'),
    processingError: text('processing_error'),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    index('match_course_idx').on(t.courseId, t.playedOn),
    index('match_uploaded_by_idx').on(t.uploadedBy),
    index('match_partner_idx').on(t.partnerId),
    uniqueIndex('match_upload_idx').on(t.uploadId),
  ],
);

/**
 * Every stored file of a match but its original: HLS playlists and segments, the poster. `name`
 * is its path under `/api/matches/:matchId/files/` ('hls/master.m3u8', 'hls/360p/00012.ts',
 * 'poster.jpg'), so a playlist's relative addresses resolve to the same route.
 */
export const matchFile = pgTable(
  'match_file',
  {
    matchId: text('match_id')
      .notNull()
      .references(() => match.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    storageKey: text('storage_key').notNull(),
    mimeType: text('mime_type').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.matchId, t.name] })],
);

/**
 * 'Permito que el curso use momentos de mis partidos para enseñar': a trainee's consent, given once
 * in 'Mis partidos' and withdrawn there for future clips.
 */
export const matchConsent = pgTable('match_consent', {
  userId: text('user_id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  allowed: boolean('allowed').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

// --- Avisos en el teléfono (Web Push) y el calendario de cada persona ---------------------------

/**
 * A browser that allowed notices (Web Push): per device and person. It belongs to the session it was
 * made in, so signing out on that phone (or the session ending any other way) removes it.
 */
export const pushSubscription = pgTable(
  'push_subscription',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    sessionId: text('session_id')
      .notNull()
      .references(() => session.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('push_subscription_endpoint_idx').on(t.endpoint),
    index('push_subscription_user_idx').on(t.userId),
    index('push_subscription_session_idx').on(t.sessionId),
  ],
);

/**
 * Notices waiting to go to one subscription, queued in the transaction that decided them and sent
 * by whichever instance claims the row (SKIP LOCKED), retried with growing waits until `expires_at`.
 */
export const pushOutbox = pgTable(
  'push_outbox',
  {
    id: text('id').primaryKey(),
    subscriptionId: text('subscription_id')
      .notNull()
      .references(() => pushSubscription.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    body: text('body').notNull(),
    url: text('url').notNull(),
    /** Notices with the same tag replace each other on the phone (one per forum, per class). */
    tag: text('tag').notNull(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('push_outbox_next_attempt_idx').on(t.nextAttemptAt)],
);

/** A scheduled notice that went out to a person ('lesson:<id>:<start>', 'exam:<id>:<opens>'): each goes once. */
export const noticeSent = pgTable(
  'notice_sent',
  {
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] })],
);

/** A person's private calendar address: the token in it is the only way to read the feed; 'Cambiar dirección' replaces it. */
export const calendarFeed = pgTable(
  'calendar_feed',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => user.id, { onDelete: 'cascade' }),
    token: text('token').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('calendar_feed_token_idx').on(t.token)],
);

/**
 * A comment on a match at a moment of its video ('23:41 · Ubicación · A mejorar · …'), written by
 * the course's staff, or a reply in its thread (`parentId`; then no moment, criterion nor verdict),
 * written by anyone who sees the match. Deleting the match deletes them.
 */
export const matchComment = pgTable(
  'match_comment',
  {
    id: text('id').primaryKey(),
    matchId: text('match_id')
      .notNull()
      .references(() => match.id, { onDelete: 'cascade' }),
    parentId: text('parent_id').references((): AnyPgColumn => matchComment.id, { onDelete: 'cascade' }),
    authorId: text('author_id').references(() => user.id, { onDelete: 'set null' }),
    /** The author's full name when they wrote it (kept if the account goes). */
    authorName: text('author_name').notNull(),
    /** The second of the video it is about, to the millisecond. */
    atSeconds: doublePrecision('at_seconds'),
    criterion: text('criterion', {
      enum: ['ubicacion', 'senalizacion', 'sancion-progresiva', 'comunicacion', 'condicion-fisica', 'otro'],
    }),
    verdict: text('verdict', { enum: ['bien', 'a-mejorar'] }),
    body: text('body').notNull(),
    /** When its author last changed it; null if never (its earlier versions: match_comment_revision). */
    editedAt: timestamp('edited_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('match_comment_match_idx').on(t.matchId, t.atSeconds),
    index('match_comment_parent_idx').on(t.parentId, t.createdAt),
    check(
      'match_comment_moment',
      sql`(${t.parentId} is null) = (${t.atSeconds} is not null and ${t.criterion} is not null and ${t.verdict} is not null)`,
    ),
  ],
);

/** A comment as it was before each edit: the history its author's changes keep. */
export const matchCommentRevision = pgTable(
  'match_comment_revision',
  {
    id: text('id').primaryKey(),
    commentId: text('comment_id')
      .notNull()
      .references(() => matchComment.id, { onDelete: 'cascade' }),
    atSeconds: doublePrecision('at_seconds'),
    criterion: text('criterion'),
    verdict: text('verdict'),
    body: text('body').notNull(),
    /** Since when it read so: its creation or the edit before. */
    writtenAt: timestamp('written_at', { withTimezone: true }).notNull(),
    /** When the edit replaced it. */
    replacedAt: timestamp('replaced_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('match_comment_revision_comment_idx').on(t.commentId, t.replacedAt)],
);
