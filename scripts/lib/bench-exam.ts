// The benchmark's Saturday morning: a whole class sits the same rules exam on their phones.
// Every trainee starts within the first seconds and answers a question every 2–5 s, each answer
// kept on the "phone" until the server acknowledges it and sent again, in order, when it failed
// (as the app does). Midway the server is killed (kill -9) and restarted; on PostgreSQL the
// database then goes away for a while. At the end every trainee's attempt is read back: each
// question must hold the last answer the server acknowledged, and each deadline must be the one
// fixed when the attempt started.
import { performance } from 'node:perf_hooks';

export interface ExamClass {
  base: () => string;
  admin: string;
  courseId: string;
  moduleId: string;
  trainees: Array<{ cookie: string }>;
}

export interface ExamFaults {
  /** Kills the app (SIGKILL) and starts it again on the same data; resolves when it answers again. */
  killAndRestart(): Promise<void>;
  /** Stops the database for `seconds` and starts it again (PostgreSQL only). */
  databaseAway?: (seconds: number) => Promise<void>;
}

export interface ExamScenarioFigures {
  trainees: number;
  questions: number;
  /** Seconds from the first start to the last. */
  startSpreadSeconds: number;
  answersAcknowledged: number;
  /** Sends that failed (server down, database away) and were sent again. */
  retries: number;
  p50: number;
  p99: number;
  /** Milliseconds the app was gone after kill -9, until it answered again. */
  restartMs: number;
  databaseAwaySeconds: number | null;
  /** Questions whose stored answer is not the last one the server acknowledged. */
  lostAnswers: number;
  /** Attempts whose deadline moved, or whose remaining time disagrees with it by more than 2 s. */
  clocksWrong: number;
}

interface Pending {
  position: number;
  answer: number[];
  seq: number;
}

interface Phone {
  cookie: string;
  attemptId: string;
  deadline: string;
  questions: Array<{ options: number }>;
  outbox: Pending[];
  acknowledged: Map<number, Pending>;
  seq: Map<number, number>;
  sending: boolean;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : 0;
};

async function api(base: string, method: string, url: string, cookie: string, body?: unknown) {
  const response = await fetch(base + url, {
    method,
    headers: { cookie, origin: base, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(10_000),
  });
  const text = await response.text();
  return { status: response.status, json: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
}

/** A bank of `count` questions over four chapters, every fifth one with two right options. */
export async function seedBank(klass: ExamClass, count: number) {
  for (let i = 0; i < count; i++) {
    const response = await api(klass.base(), 'POST', `/api/courses/${klass.courseId}/bank`, klass.admin, {
      text: `Pregunta de reglamento número ${i + 1}: ¿qué corresponde cobrar?`,
      options: ['Tiro libre', 'Tiro de 7 metros', 'Exclusión de 2 minutos', 'Sigue el juego'],
      correct: i % 5 === 0 ? [0, 2] : [i % 4],
      chapter: `Regla ${[4, 7, 8, 16][i % 4]}`,
      rule: `${[4, 7, 8, 16][i % 4]}:${(i % 9) + 1}`,
      explanation: 'Así lo dice el reglamento.',
      edition: 2025,
    });
    if (response.status !== 201) throw new Error(`banco: ${response.status} ${JSON.stringify(response.json)}`);
  }
}

/** An exam of `questions` questions on the module, with time enough for the run. */
export async function createExam(klass: ExamClass, title: string, questions: number, attempts = 1) {
  const response = await api(klass.base(), 'POST', `/api/courses/${klass.courseId}/exams`, klass.admin, {
    title,
    moduleId: klass.moduleId,
    questionCount: questions,
    perChapter: [],
    fixedQuestionIds: [],
    criticalQuestionIds: [],
    timeMinutes: 120,
    passPercent: 60,
    attempts,
    waitHours: 0,
    resultsRelease: 'al-entregar',
    opensAt: null,
    closesAt: null,
  });
  if (response.status !== 201) throw new Error(`examen: ${response.status} ${JSON.stringify(response.json)}`);
  return (response.json.exam as { id: string }).id;
}

/** Starts (or resumes) each trainee's attempt; their attempt ids, in the trainees' order. */
export async function startAttempts(klass: ExamClass, examId: string) {
  const ids: string[] = [];
  for (const trainee of klass.trainees) {
    const response = await api(klass.base(), 'POST', `/api/exams/${examId}/attempts`, trainee.cookie);
    if (response.status >= 300) throw new Error(`intento: ${response.status} ${JSON.stringify(response.json)}`);
    ids.push((response.json.attempt as { id: string }).id);
  }
  return ids;
}

/** Sends the phone's answers in order, one at a time, each until the server acknowledges it. */
async function drain(klass: ExamClass, phone: Phone, stats: { latencies: number[]; retries: number; calm: () => boolean }) {
  if (phone.sending) return;
  phone.sending = true;
  try {
    while (phone.outbox.length > 0) {
      const next = phone.outbox[0]!;
      const started = performance.now();
      const ok = await api(klass.base(), 'PUT', `/api/attempts/${phone.attemptId}/answers/${next.position}`, phone.cookie, {
        answer: next.answer,
        seq: next.seq,
      }).then(
        (response) => response.status === 200,
        () => false,
      );
      if (!ok) {
        stats.retries += 1;
        await sleep(1000);
        continue;
      }
      if (stats.calm()) stats.latencies.push(performance.now() - started);
      phone.outbox.shift();
      const known = phone.acknowledged.get(next.position);
      if (!known || known.seq < next.seq) phone.acknowledged.set(next.position, next);
    }
  } finally {
    phone.sending = false;
  }
}

/** Reads every attempt back: answers that are not the last acknowledged, and clocks that moved. */
async function verify(klass: ExamClass, phones: Phone[]) {
  let lostAnswers = 0;
  let clocksWrong = 0;
  for (const phone of phones) {
    const before = Date.now();
    const response = await api(klass.base(), 'GET', `/api/attempts/${phone.attemptId}`, phone.cookie);
    const attempt = response.json.attempt as {
      deadline: string;
      remainingSeconds: number;
      questions: Array<{ position: number; answer: number[]; answerSeq: number }>;
    };
    const expectedRemaining = (Date.parse(phone.deadline) - before) / 1000;
    if (attempt.deadline !== phone.deadline || Math.abs(attempt.remainingSeconds - expectedRemaining) > 2) clocksWrong += 1;
    for (const [position, acked] of phone.acknowledged) {
      const stored = attempt.questions.find((question) => question.position === position);
      if (!stored || stored.answerSeq !== acked.seq || JSON.stringify(stored.answer) !== JSON.stringify(acked.answer)) lostAnswers += 1;
    }
  }
  return { lostAnswers, clocksWrong };
}

/** The class sits the exam for `seconds`, with the faults at a third and at two thirds of the way. */
export async function examScenario(klass: ExamClass, faults: ExamFaults, options: { seconds: number; questions: number }) {
  const examId = await createExam(klass, 'Examen en clase', options.questions);
  const stats = { latencies: [] as number[], retries: 0, calm: () => !faulting };
  let faulting = false;
  const phones: Phone[] = [];
  const begin = performance.now();
  let lastStart = 0;
  // Everyone taps 'Comenzar examen' within the first 10 s.
  await Promise.all(
    klass.trainees.map(async (trainee) => {
      await sleep(Math.random() * 10_000);
      const response = await api(klass.base(), 'POST', `/api/exams/${examId}/attempts`, trainee.cookie);
      if (response.status >= 300) throw new Error(`intento: ${response.status} ${JSON.stringify(response.json)}`);
      lastStart = performance.now() - begin;
      const attempt = response.json.attempt as { id: string; deadline: string; questions: Array<{ options: string[] }> };
      phones.push({
        cookie: trainee.cookie,
        attemptId: attempt.id,
        deadline: attempt.deadline,
        questions: attempt.questions.map((question) => ({ options: question.options.length })),
        outbox: [],
        acknowledged: new Map(),
        seq: new Map(),
        sending: false,
      });
    }),
  );
  const end = performance.now() + options.seconds * 1000;
  const answering = phones.map(async (phone) => {
    while (performance.now() < end) {
      await sleep(2000 + Math.random() * 3000);
      const position = Math.floor(Math.random() * phone.questions.length);
      const seq = (phone.seq.get(position) ?? 0) + 1;
      phone.seq.set(position, seq);
      phone.outbox.push({ position, answer: [Math.floor(Math.random() * phone.questions[position]!.options)], seq });
      void drain(klass, phone, stats);
    }
  });
  await sleep((options.seconds * 1000) / 3);
  faulting = true;
  const killedAt = performance.now();
  await faults.killAndRestart();
  const restartMs = Math.round(performance.now() - killedAt);
  faulting = false;
  let databaseAwaySeconds: number | null = null;
  if (faults.databaseAway) {
    await sleep((options.seconds * 1000) / 3 - restartMs);
    faulting = true;
    databaseAwaySeconds = 10;
    await faults.databaseAway(databaseAwaySeconds);
    // The pool reconnects on the next statements; what failed meanwhile is on the phones.
    await sleep(2000);
    faulting = false;
  }
  await Promise.all(answering);
  // What is still on the phones goes out now.
  const drainUntil = performance.now() + 60_000;
  while (phones.some((phone) => phone.outbox.length > 0) && performance.now() < drainUntil) {
    phones.forEach((phone) => void drain(klass, phone, stats));
    await sleep(500);
  }
  const { lostAnswers, clocksWrong } = await verify(klass, phones);
  const pending = phones.reduce((sum, phone) => sum + phone.outbox.length, 0);
  return {
    trainees: phones.length,
    questions: options.questions,
    startSpreadSeconds: Math.round(lastStart / 100) / 10,
    answersAcknowledged: phones.reduce((sum, phone) => sum + phone.acknowledged.size, 0),
    retries: stats.retries,
    p50: Math.round(percentile(stats.latencies, 50) * 10) / 10,
    p99: Math.round(percentile(stats.latencies, 99) * 10) / 10,
    restartMs,
    databaseAwaySeconds,
    // An answer never delivered counts as lost.
    lostAnswers: lostAnswers + pending,
    clocksWrong,
  } satisfies ExamScenarioFigures;
}
