// Jugadas: video clips where the student makes the referee's call (decision and sanction, and
// the moment of the infraction), graded at once on the server.
import * as z from 'zod/mini';
import { messages, tooHeavy, tooLong, tooMany } from '../messages.ts';
import { jugadaScoreSchema, videoProcessingSchema, videoRenditionSchema, youtubeId, type JugadaScore } from './content.ts';

export const PROMPT_MAX = 500;
export const EXPLANATION_MAX = 5_000;
export const OPTION_LABEL_MAX = 120;
export const OPTIONS_PER_LIST_MAX = 50;
export const JUGADAS_PER_MODULE_MAX = 200;
/** Longest clip position accepted, in seconds (a whole match is about 70 minutes). */
export const SECONDS_MAX = 4 * 60 * 60;
export const VIDEO_MAX_BYTES = 100 * 1024 * 1024;
/** 'Etiquetas': how many a jugada may have, and how long each may be. */
export const TAGS_PER_JUGADA_MAX = 10;
export const TAG_MAX = 40;
export const DEFAULT_PROMPT = '¿Qué cobrás?';
export const DEFAULT_TOLERANCE = 1;

export const videoTooHeavy = tooHeavy('El video', VIDEO_MAX_BYTES);

/** The IHF Rules of the Game's decisions and sanctions: every course starts with these lists. */
export const DEFAULT_DECISIONS = [
  'Sigue el juego (ventaja)',
  'Tiro libre',
  'Tiro de 7 metros',
  'Saque de banda',
  'Saque de arco',
  'Gol',
  'Gol anulado',
  'Falta en ataque',
  'Pasos',
  'Dobles',
  'Juego pasivo',
  'Invasión del área de arco',
];
export const DEFAULT_SANCTIONS = [
  'Ninguna',
  'Amonestación (tarjeta amarilla)',
  'Exclusión de 2 minutos',
  'Descalificación (tarjeta roja)',
  'Descalificación con informe (tarjeta azul)',
];

const id = z.string().check(z.regex(/^[A-Za-z0-9_-]{1,64}$/, messages.invalidId));

/** Seconds into the video: a number from 0, or null when not given. */
const seconds = (what: string) =>
  z.nullable(
    z
      .number({ error: `${what}: ingresá un número de segundos` })
      .check(z.gte(0, `${what} no puede ser negativo`), z.lte(SECONDS_MAX, `${what} no puede pasar de ${SECONDS_MAX} segundos`)),
  );

export const jugadaOptionSchema = z.object({ id: z.string(), label: z.string() });
export type JugadaOption = z.infer<typeof jugadaOptionSchema>;

export const jugadaOptionsSchema = z.object({ decisions: z.array(jugadaOptionSchema), sanctions: z.array(jugadaOptionSchema) });
export type JugadaOptions = z.infer<typeof jugadaOptionsSchema>;

const optionLabel = z
  .string({ error: messages.requiredField })
  .check(
    z.trim(),
    z.minLength(1, { error: messages.jugadaOptionEmpty, abort: true }),
    z.maxLength(OPTION_LABEL_MAX, tooLong('Una opción', OPTION_LABEL_MAX)),
  );
const optionList = (what: string) =>
  z
    .array(z.object({ id: z.optional(id), label: optionLabel }))
    .check(
      z.minLength(1, messages.jugadaOptionListEmpty),
      z.maxLength(OPTIONS_PER_LIST_MAX, tooMany(what, OPTIONS_PER_LIST_MAX, 'opciones')),
    );

/** The course's two lists as the admin saves them: options with an id are kept (and renamed), new ones have none. */
export const jugadaOptionsInputSchema = z.object({
  decisions: optionList('La lista de decisiones'),
  sanctions: optionList('La lista de sanciones'),
});
export type JugadaOptionsInput = z.infer<typeof jugadaOptionsInputSchema>;

/**
 * 'Uso': 'practica' (the module's jugadas page and its score), 'examen' (only inside a video exam,
 * never seen in practice) or 'ambos'.
 */
export const JUGADA_USES = ['practica', 'examen', 'ambos'] as const;
export const jugadaUseSchema = z.enum(JUGADA_USES, { error: messages.jugadaUseChoice });
export type JugadaUse = z.infer<typeof jugadaUseSchema>;
/** A video exam draws its clips from these: they need an uploaded file and a known end. */
export const forExams = (use: JugadaUse) => use !== 'practica';

/** What makes two tags the same one: '7 Metros' and '7 metros', 'Pasivo' and 'pasivo', 'Técnica' and 'tecnica'. */
export const tagKey = (tag: string) =>
  tag
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLocaleLowerCase('es');

/** The tags without repeats (the first spelling of each is kept). */
export function uniqueTags(tags: readonly string[]): string[] {
  const seen = new Set<string>();
  return tags.filter((tag) => {
    const key = tagKey(tag);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

const tag = z
  .string({ error: messages.jugadaTagEmpty })
  .check(z.trim(), z.minLength(1, { error: messages.jugadaTagEmpty, abort: true }), z.maxLength(TAG_MAX, tooLong('Una etiqueta', TAG_MAX)));
/** Repeats (ignoring case and accents) are merged before the count is checked. */
const tags = z
  .array(tag)
  .check(z.overwrite(uniqueTags), z.maxLength(TAGS_PER_JUGADA_MAX, tooMany('Una jugada', TAGS_PER_JUGADA_MAX, 'etiquetas')));

/** Where the clip comes from: an uploaded file (POST /api/videos) or a YouTube address. */
export const jugadaVideoInputSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('file'), videoId: id }),
  z.object({
    kind: z.literal('youtube'),
    url: z.string({ error: messages.requiredField }).check(
      z.trim(),
      z.maxLength(2_000, messages.jugadaYoutubeInvalid),
      z.refine((value) => youtubeId(value) !== null, messages.jugadaYoutubeInvalid),
    ),
  }),
]);

export const jugadaInputSchema = z
  .object({
    video: jugadaVideoInputSchema,
    start: seconds('Desde'),
    end: seconds('Hasta'),
    prompt: z
      .string({ error: messages.requiredField })
      .check(
        z.trim(),
        z.minLength(1, { error: messages.requiredField, abort: true }),
        z.maxLength(PROMPT_MAX, tooLong('La consigna', PROMPT_MAX)),
      ),
    correctDecisionId: z
      .string({ error: messages.jugadaChooseDecision })
      .check(z.minLength(1, messages.jugadaChooseDecision), z.maxLength(64, messages.invalidId)),
    correctSanctionId: z
      .string({ error: messages.jugadaChooseSanction })
      .check(z.minLength(1, messages.jugadaChooseSanction), z.maxLength(64, messages.invalidId)),
    moment: seconds('El momento'),
    tolerance: z
      .number({ error: 'Tolerancia: ingresá un número de segundos' })
      .check(z.gt(0, messages.jugadaTolerance), z.lte(60, messages.jugadaTolerance)),
    explanation: z
      .string({ error: messages.requiredField })
      .check(z.trim(), z.maxLength(EXPLANATION_MAX, tooLong('La explicación', EXPLANATION_MAX))),
    tags: z._default(tags, () => []),
    use: z._default(jugadaUseSchema, 'practica'),
  })
  .check(
    z.refine((j) => j.start === null || j.end === null || j.end > j.start, { error: messages.jugadaEndBeforeStart, path: ['end'] }),
    // The other half of the rule (a known end) needs the uploaded file's duration: the server checks it.
    z.refine((j) => !forExams(j.use) || j.video.kind === 'file', { error: messages.jugadaExamNeedsFile, path: ['use'] }),
    z.refine((j) => j.moment === null || ((j.start === null || j.moment >= j.start) && (j.end === null || j.moment <= j.end)), {
      error: messages.jugadaMomentOutside,
      path: ['moment'],
    }),
  );
export type JugadaInput = z.input<typeof jugadaInputSchema>;

export const jugadaOrderSchema = z.object({
  jugadaIds: z.array(z.string()).check(z.minLength(1), z.maxLength(JUGADAS_PER_MODULE_MAX)),
});

/** The clip as the player needs it. */
export const jugadaVideoSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('file'),
    videoId: z.string(),
    url: z.string(),
    mimeType: z.string(),
    /** Its renditions (smallest first) and poster, once made. */
    renditions: z.array(videoRenditionSchema),
    posterUrl: z.nullable(z.string()),
    /** For the admin: how its processing goes ('Procesando video… 45 %'). */
    processing: z.optional(videoProcessingSchema),
  }),
  z.object({ kind: z.literal('youtube'), youtubeId: z.string() }),
]);
export type JugadaVideo = z.infer<typeof jugadaVideoSchema>;

/** A jugada as the admin edits it, with the correct call. */
export const jugadaSchema = z.object({
  id: z.string(),
  moduleId: z.string(),
  position: z.number(),
  video: jugadaVideoSchema,
  start: z.nullable(z.number()),
  end: z.nullable(z.number()),
  prompt: z.string(),
  correctDecisionId: z.string(),
  correctSanctionId: z.string(),
  moment: z.nullable(z.number()),
  tolerance: z.number(),
  explanation: z.string(),
  tags: z.array(z.string()),
  use: jugadaUseSchema,
  /** First answers students gave in practice, and clips drawn in exam attempts: with any, the jugada can only be archived, not deleted. */
  answerCount: z.number(),
  /** When it was archived (hidden from students and from their scores); null while active. */
  archivedAt: z.nullable(z.string()),
});
export type Jugada = z.infer<typeof jugadaSchema>;

/** What the student answers. */
export const jugadaAnswerInputSchema = z.object({
  decisionId: z
    .string({ error: messages.jugadaChooseDecision })
    .check(z.minLength(1, messages.jugadaChooseDecision), z.maxLength(64, messages.invalidId)),
  sanctionId: z
    .string({ error: messages.jugadaChooseSanction })
    .check(z.minLength(1, messages.jugadaChooseSanction), z.maxLength(64, messages.invalidId)),
  moment: seconds('El momento'),
});
export type JugadaAnswerInput = z.infer<typeof jugadaAnswerInputSchema>;

/** A graded answer: each part right or wrong, the correct call and the admin's explanation. */
export const jugadaResultSchema = z.object({
  decisionId: z.string(),
  sanctionId: z.string(),
  moment: z.nullable(z.number()),
  decisionCorrect: z.boolean(),
  sanctionCorrect: z.boolean(),
  /** null when the jugada has no moment to mark. */
  momentCorrect: z.nullable(z.boolean()),
  correct: z.boolean(),
  correctDecision: jugadaOptionSchema,
  correctSanction: jugadaOptionSchema,
  correctMoment: z.nullable(z.number()),
  tolerance: z.number(),
  explanation: z.string(),
});
export type JugadaResult = z.infer<typeof jugadaResultSchema>;

/** A jugada as the student sees it: no correct call until their first answer, then their graded first answer. */
export const studentJugadaSchema = z.object({
  id: z.string(),
  position: z.number(),
  video: jugadaVideoSchema,
  start: z.nullable(z.number()),
  end: z.nullable(z.number()),
  prompt: z.string(),
  hasMoment: z.boolean(),
  firstAnswer: z.nullable(jugadaResultSchema),
});
export type StudentJugada = z.infer<typeof studentJugadaSchema>;

export { jugadaScoreSchema, type JugadaScore };

export const studentJugadasSchema = z.object({
  moduleId: z.string(),
  courseId: z.string(),
  moduleName: z.string(),
  options: jugadaOptionsSchema,
  jugadas: z.array(studentJugadaSchema),
  score: jugadaScoreSchema,
});
export type StudentJugadas = z.infer<typeof studentJugadasSchema>;

export const jugadaAnswerResponseSchema = z.object({
  result: jugadaResultSchema,
  /** true only for the first answer: practice does not change the score. */
  counted: z.boolean(),
  score: jugadaScoreSchema,
});
export type JugadaAnswerResponse = z.infer<typeof jugadaAnswerResponseSchema>;

const countSchema = z.object({ id: z.string(), label: z.string(), count: z.number() });

/** Per jugada, what the class answered on their first attempts. */
export const jugadaResultsSchema = z.object({
  jugadas: z.array(
    z.object({
      jugadaId: z.string(),
      position: z.number(),
      prompt: z.string(),
      /** Archived: students no longer see it; its answers are still here. */
      archived: z.boolean(),
      answered: z.number(),
      correct: z.number(),
      /** Share of first attempts that were right, 0–100; null with no answers. */
      percentCorrect: z.nullable(z.number()),
      decisions: z.array(countSchema),
      sanctions: z.array(countSchema),
      answers: z.array(
        z.object({
          userId: z.string(),
          name: z.string(),
          email: z.string(),
          decision: z.string(),
          sanction: z.string(),
          moment: z.nullable(z.number()),
          correct: z.boolean(),
          answeredAt: z.string(),
        }),
      ),
    }),
  ),
});
export type JugadaResults = z.infer<typeof jugadaResultsSchema>;

/** One student's first answers in a module, for the admin. */
export const userJugadasSchema = z.object({
  jugadas: z.array(
    z.object({
      jugadaId: z.string(),
      position: z.number(),
      prompt: z.string(),
      /** The moment to mark, or null when the jugada has none. */
      correctMoment: z.nullable(z.number()),
      tolerance: z.number(),
      correctDecision: z.string(),
      correctSanction: z.string(),
      /** The student's first answer, each part graded; null while not answered. */
      answer: z.nullable(
        z.object({
          decision: z.string(),
          sanction: z.string(),
          moment: z.nullable(z.number()),
          decisionCorrect: z.boolean(),
          sanctionCorrect: z.boolean(),
          /** null when the jugada has no moment to mark. */
          momentCorrect: z.nullable(z.boolean()),
          correct: z.boolean(),
          answeredAt: z.string(),
        }),
      ),
    }),
  ),
  score: jugadaScoreSchema,
});
export type UserJugadas = z.infer<typeof userJugadasSchema>;

/** 'Jugadas del curso': `?tag=` keeps the clips with that tag (case and accents ignored). */
export const courseJugadasQuerySchema = z.object({ tag: z.optional(z.string().check(z.trim(), z.maxLength(TAG_MAX))) });

/** Every clip of every module of a course, for the admin, with how the class did on its first attempts. */
export const courseJugadasSchema = z.object({
  jugadas: z.array(
    z.object({
      id: z.string(),
      moduleId: z.string(),
      moduleName: z.string(),
      /** The module's place in the course, from 1 (archived modules counted). */
      moduleNumber: z.number(),
      moduleArchived: z.boolean(),
      /** Its place in its module, from 1: 'Jugada 3' on the module's jugadas page. */
      number: z.number(),
      prompt: z.string(),
      tags: z.array(z.string()),
      use: jugadaUseSchema,
      /** Archived: students no longer see it; its answers are still counted here. */
      archived: z.boolean(),
      answered: z.number(),
      correct: z.number(),
      /** Share of first attempts that were right, 0–100; null with no answers. */
      percentCorrect: z.nullable(z.number()),
    }),
  ),
  /** Every tag of the course's clips (whatever the filter), with how many clips have it, by name. */
  tags: z.array(z.object({ tag: z.string(), count: z.number() })),
});
export type CourseJugadas = z.infer<typeof courseJugadasSchema>;
