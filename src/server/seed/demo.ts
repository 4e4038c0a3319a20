import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { setUserModuleAccess } from '../access/service.ts';
import type { AppContext } from '../context.ts';
import { createCourse } from '../courses/service.ts';
import { image, user } from '../db/schema.ts';
import { storeBuffer } from '../files/storage.ts';
import { insertDocument } from '../documents/service.ts';
import { courseOptions, createJugada } from '../jugadas/service.ts';
import { insertVideo } from '../videos/service.ts';
import { createModule } from '../modules/service.ts';
import { createUser } from '../users/service.ts';
import { seedSampleBank } from './sample-bank.ts';
import { FfmpegMissing, makeSampleClip, type SampleClip } from './sample-clips.ts';
import { bannerPng, simplePdf } from './sample-files.ts';
import { questionInputSchema } from '../../shared/schemas/content.ts';
import { addDays, dayOf } from '../../shared/calendar.ts';
import { createLesson } from '../lessons/service.ts';
import { savePlan, setTraineeOption } from '../payments/service.ts';

export const DEMO_STUDENT_EMAIL = 'estudiante@aula-virtual.local';

const welcome = `¡Bienvenido/a al curso de formación de árbitros de handball!

El curso tiene 5 módulos: los 4 primeros son teóricos y el 5.º es de evaluación y práctica. En cada módulo vas a ver un video, responder las preguntas de la actividad y podés hacer tus consultas en el foro del módulo.

Costo: $5000 en un pago, o 2 pagos de $3000.

Clases presenciales: los sábados por la mañana.`;

// The videos are placeholders: the admin replaces them from 'Crear Módulo' → 'Editar'.
const PLACEHOLDER_VIDEO = 'https://www.youtube.com/watch?v=jNQXAC9IVRw';
/** Its length, as the module editor's player reads it (0:19). */
const PLACEHOLDER_VIDEO_SECONDS = 19;

const modules = [
  {
    name: 'Módulo 1: El juego y el campo',
    colors: [
      [21, 101, 192],
      [13, 71, 161],
    ] as const,
    questions: [
      '¿Cuáles son las medidas reglamentarias del campo de juego?',
      '¿Cuántos jugadores puede tener un equipo en el campo y cuántos en total en la planilla?',
      '¿Cuánto dura un partido de adultos y cuánto el descanso?',
    ],
  },
  {
    name: 'Módulo 2: Faltas y sanciones progresivas',
    colors: [
      [46, 125, 50],
      [27, 94, 32],
    ] as const,
    questions: [
      'Describí la diferencia entre una amonestación y una exclusión de 2 minutos.',
      '¿En qué casos corresponde una descalificación directa?',
      '¿Qué es la sanción progresiva y por qué se aplica?',
    ],
  },
  {
    name: 'Módulo 3: Señalización y mecánica arbitral',
    colors: [
      [239, 108, 0],
      [191, 54, 12],
    ] as const,
    questions: [
      '¿Cómo se divide el trabajo entre el árbitro de campo y el árbitro de gol?',
      'Describí la señal de juego pasivo y cuándo se muestra.',
      '¿Qué señal corresponde a un tiempo muerto y quién puede pedirlo?',
    ],
  },
  {
    name: 'Módulo 4: Tiro de 7 metros y situaciones especiales',
    colors: [
      [106, 27, 154],
      [74, 20, 140],
    ] as const,
    questions: [
      '¿En qué situaciones se sanciona un tiro de 7 metros?',
      '¿Dónde deben ubicarse los demás jugadores durante la ejecución de un 7 metros?',
      'Explicá la regla del último minuto.',
    ],
  },
  {
    name: 'Módulo 5: Evaluación y práctica',
    colors: [
      [198, 40, 40],
      [142, 36, 36],
    ] as const,
    questions: [
      'Analizá una jugada de un partido que hayas visto: ¿qué decisión tomaste y por qué?',
      '¿Qué aspectos de tu posicionamiento querés mejorar en las prácticas de los sábados?',
      'Escribí las tres reglas que más te costaron aprender y cómo las aplicarías.',
    ],
  },
];

const documents = [
  {
    name: 'Reglamento de juego (resumen)',
    title: 'Reglamento de juego - resumen',
    paragraphs: [
      'Este documento resume las reglas principales del handball para el curso de árbitros.',
      'El campo de juego es un rectángulo de 40 metros de largo y 20 metros de ancho. El área de arco está delimitada por la línea de 6 metros.',
      'Cada equipo juega con hasta 7 jugadores en el campo (6 de campo y 1 arquero) y puede inscribir hasta 16 jugadores.',
      'Un partido de adultos dura dos tiempos de 30 minutos con un descanso de 15 minutos.',
    ],
  },
  {
    name: 'Guía de señales arbitrales',
    title: 'Guía de señales arbitrales',
    paragraphs: [
      'Las señales deben ser claras, visibles y sostenidas el tiempo suficiente para que jugadores, oficiales y público las entiendan.',
      'Antes de cada partido, repasá con tu compañero la división de tareas y las señales que van a usar.',
    ],
  },
  {
    name: 'Cronograma de clases presenciales',
    title: 'Cronograma de clases presenciales',
    paragraphs: [
      'Las clases presenciales son los sábados por la mañana, de 9 a 12 horas.',
      'Traé ropa deportiva y silbato. Las prácticas se hacen arbitrando partidos de categorías formativas.',
    ],
  },
];

/** The sample jugadas, in module 2 (enabled for the demo student): each on a clip the seed draws. */
const jugadas: Array<{
  clip: SampleClip;
  start: number | null;
  end: number | null;
  prompt: string;
  decision: string;
  sanction: string;
  explanation: string;
}> = [
  {
    clip: { title: 'Jugada de ejemplo 1 – Contraataque', moment: 2.5, attacker: '60+40*min(t,2.5)', defender: '10+52*min(t,2.5)' },
    start: 0.5,
    end: 5,
    prompt: 'Contraataque: el atacante (rojo) corre solo hacia el arco y el defensor (amarillo) lo alcanza por detrás. ¿Qué cobrás?',
    decision: 'Tiro de 7 metros',
    sanction: 'Exclusión de 2 minutos',
    explanation:
      'El defensor sujeta al atacante por detrás y le quita una ocasión manifiesta de gol: tiro de 7 metros (Regla 14:1a). La acción va dirigida al rival y no al balón, así que además corresponde una sanción progresiva: exclusión de 2 minutos (Reglas 8:3 y 16:3).',
  },
  {
    clip: { title: 'Jugada de ejemplo 2 – Ataque con balón', moment: 3, attacker: '40+30*floor(t*1.3)', defender: '330' },
    start: null,
    end: null,
    prompt: 'El atacante (rojo) recibe el balón y avanza hacia la defensa. Marcá el momento de la infracción. ¿Qué cobrás?',
    decision: 'Pasos',
    sanction: 'Ninguna',
    explanation:
      'Con el balón en la mano el jugador puede dar como máximo tres pasos (Regla 7:3). Al cuarto paso se sanciona pasos: tiro libre para el adversario (Regla 13:1a), sin sanción personal.',
  },
  {
    clip: { title: 'Jugada de ejemplo 3 – Choque con el defensor', moment: 3, attacker: '40+80*min(t,3)', defender: '306' },
    start: null,
    end: null,
    prompt: 'El atacante (rojo) corre hacia el defensor (amarillo), que está quieto en su posición. ¿Qué cobrás?',
    decision: 'Falta en ataque',
    sanction: 'Ninguna',
    explanation:
      'El defensor ocupa su lugar sin moverse y el atacante corre contra él: no está permitido correr o saltar contra el adversario (Regla 8:2c). Es falta en ataque: tiro libre para el equipo que defendía (Regla 13:1a).',
  },
];

/**
 * Three jugadas in the module, on clips drawn by ffmpeg and stored like an uploaded clip. Without
 * ffmpeg (or if it fails) the sample course goes without them: one line in the log, and the
 * first start goes on.
 */
async function seedJugadas(ctx: AppContext, courseId: string, moduleId: string, ffmpeg: string) {
  let clips: Buffer[];
  try {
    clips = await Promise.all(jugadas.map((j) => makeSampleClip(j.clip, ffmpeg)));
  } catch (error) {
    if (error instanceof FfmpegMissing)
      ctx.logger.warn('Curso de ejemplo: no se crearon las jugadas de ejemplo porque falta ffmpeg (el resto del curso está completo).');
    else
      ctx.logger.warn({ err: error }, 'Curso de ejemplo: no se crearon las jugadas de ejemplo porque ffmpeg no pudo generar los videos.');
    return;
  }
  const options = await courseOptions(ctx.db, courseId);
  const idOf = (list: Array<{ id: string; label: string }>, label: string) => list.find((o) => o.label === label)!.id;
  for (const [index, j] of jugadas.entries()) {
    const bytes = clips[index]!;
    const key = await storeBuffer(ctx.storage, bytes, 'mp4', 'video/mp4');
    const videoId = await insertVideo(ctx.db, { key, mime: 'video/mp4', size: bytes.length });
    await createJugada(ctx.db, moduleId, {
      video: { kind: 'file', videoId },
      start: j.start,
      end: j.end,
      prompt: j.prompt,
      correctDecisionId: idOf(options.decisions, j.decision),
      correctSanctionId: idOf(options.sanctions, j.sanction),
      moment: j.clip.moment,
      tolerance: 1,
      explanation: j.explanation,
    });
  }
}

/**
 * The sample course a newcomer sees after the first start: 5 modules with questions, three
 * documents, three jugadas in module 2 (when ffmpeg is installed), a question bank of 30
 * rules questions (sample-bank.ts), and a demo student with the
 * course and its first two modules enabled. `ffmpeg` is the command that draws the clips.
 */
export async function seedDemo(ctx: AppContext, password: string, { ffmpeg = 'ffmpeg' }: { ffmpeg?: string } = {}) {
  const { db, storage } = ctx;
  const storeImage = async (png: Buffer) => {
    const id = randomUUID();
    const storageKey = await storeBuffer(storage, png, 'png', 'image/png');
    await db.insert(image).values({ id, storageKey, mimeType: 'image/png', size: png.length });
    return id;
  };

  const course = await createCourse(db, {
    name: 'Curso de Árbitros de Handball',
    description: welcome,
    imageId: await storeImage(bannerPng([25, 113, 194], [8, 66, 152])),
  });

  const created = [];
  for (const module of modules) {
    const [from, to] = module.colors;
    created.push(
      await createModule(db, {
        courseId: course.id,
        name: module.name,
        imageId: await storeImage(bannerPng([...from], [...to])),
        videoUrl: PLACEHOLDER_VIDEO,
        videoDuration: PLACEHOLDER_VIDEO_SECONDS,
        questions: module.questions.map((text) => questionInputSchema.parse(text)),
      }),
    );
  }

  for (const doc of documents) {
    const pdf = simplePdf(doc.title, doc.paragraphs);
    const storageKey = await storeBuffer(storage, pdf, 'pdf', 'application/pdf');
    await insertDocument(db, {
      courseId: course.id,
      name: doc.name,
      storageKey,
      mimeType: 'application/pdf',
      extension: 'pdf',
      size: pdf.length,
    });
  }

  await seedJugadas(ctx, course.id, created[1]!.id, ffmpeg);
  await seedSampleBank(db, course.id);

  const student = await createUser(ctx, { name: 'Estudiante de Ejemplo', email: DEMO_STUDENT_EMAIL, password, role: 'student' });
  for (const module of created.slice(0, 2)) await setUserModuleAccess(db, student.id, module.id, true);
  await seedRecord(ctx, course.id, student.id);
  return { email: DEMO_STUDENT_EMAIL, password };
}

/**
 * What the welcome text promises, in the course's record: its plan ($5000 in one payment or two of
 * $3000, the student on the second) and its next two Saturday-morning classes. Logged as done by
 * the first admin, who exists by now.
 */
async function seedRecord(ctx: AppContext, courseId: string, studentId: string) {
  const [admin] = await ctx.db.select({ id: user.id, name: user.name }).from(user).where(eq(user.role, 'admin')).limit(1);
  if (!admin) return;
  const now = ctx.clock.now();
  const today = dayOf(now);
  const { options } = await savePlan(
    ctx.db,
    courseId,
    {
      reminders: true,
      options: [
        { label: 'Un pago de $ 5.000', instalments: [{ amount: 5000, dueDate: addDays(today, 14) }] },
        {
          label: 'Dos cuotas de $ 3.000',
          instalments: [
            { amount: 3000, dueDate: addDays(today, 14) },
            { amount: 3000, dueDate: addDays(today, 44) },
          ],
        },
      ],
    },
    admin,
  );
  await setTraineeOption(ctx.db, courseId, studentId, options[1]!.id, admin, today);
  // The next Saturday (today too, if it is one) and the one after, 9 to 12.
  const weekday = new Date(`${today}T12:00:00Z`).getUTCDay();
  const saturday = addDays(today, (6 - weekday + 7) % 7);
  for (const date of [saturday, addDays(saturday, 7)]) {
    await createLesson(
      ctx.db,
      courseId,
      { date, time: '09:00', durationMinutes: 180, place: 'Club sede, cancha 1', topic: 'Práctica en cancha' },
      admin,
      now,
    );
  }
}
