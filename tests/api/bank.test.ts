// 'Banco de preguntas': the admin's questions of a course, their search, archive and delete
// rules, and 'Importar preguntas' from a CSV as Excel saves it or a JSON file (GIFT, Moodle XML
// and 'Exportar': bank-moodle.test.ts).
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bankQuestion, exam, examAttempt, examAttemptQuestion } from '../../src/server/db/schema.ts';
import { examMessages, messages } from '../../src/shared/messages.ts';
import { BANK_IMPORT_MAX_ROWS, type BankQuestion, type BankQuestionInput } from '../../src/shared/schemas/exams.ts';
import { IMPORT_MAX_BYTES } from '../../src/shared/schemas/users.ts';
import { sampleBank, seedSampleBank } from '../../src/server/seed/sample-bank.ts';
import { buildCourse, buildModule, signedIn, unknownId } from './helpers/content.ts';
import { multipart, pdfBytes } from './helpers/files.ts';
import { call, login, type CallOptions } from './helpers/http.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, createTestApp, type TestApp } from './helpers/test-app.ts';

let t: TestApp;
let admin: string;
let student: string;
let counter = 0;
beforeAll(async () => {
  t = await createTestApp();
  admin = await login(t.app, ADMIN_EMAIL, ADMIN_PASSWORD);
  student = (await signedIn(t.app, t.ctx)).cookie;
});
afterAll(async () => {
  await t?.close();
});

const input = (overrides: Partial<BankQuestionInput> = {}): BankQuestionInput => ({
  text: `¿Cuántos jugadores hay en la cancha? (${++counter})`,
  options: ['Siete por equipo', 'Seis por equipo', 'Ocho por equipo'],
  correct: [0],
  chapter: 'Regla 4',
  rule: '4:1',
  explanation: 'Cada equipo juega con hasta siete jugadores, uno de ellos arquero.',
  edition: 2025,
  ...overrides,
});

async function create(courseId: string, overrides: Partial<BankQuestionInput> = {}): Promise<BankQuestion> {
  const response = await call(t.app, { method: 'POST', url: `/api/courses/${courseId}/bank`, cookie: admin, body: input(overrides) });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().question as BankQuestion;
}

const list = async (courseId: string, query = '') => {
  const response = await call(t.app, { url: `/api/courses/${courseId}/bank${query}`, cookie: admin });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { questions: BankQuestion[]; chapters: { chapter: string; count: number }[]; editions: unknown[] };
};

/** A question an exam attempt drew: it can be archived, not deleted. */
async function useInAttempt(courseId: string, question: BankQuestion) {
  const module = await buildModule(t.ctx, courseId);
  const trainee = await signedIn(t.app, t.ctx);
  const examId = randomUUID();
  const attemptId = randomUUID();
  await t.ctx.db.insert(exam).values({
    id: examId,
    courseId,
    moduleId: module.id,
    title: 'Examen de reglamento',
    questionCount: 1,
    timeMinutes: 10,
    passPercent: 70,
    attempts: 1,
    resultsRelease: 'al-entregar',
  });
  await t.ctx.db
    .insert(examAttempt)
    .values({ id: attemptId, examId, userId: trainee.id, number: 1, startedAt: new Date(), deadline: new Date(Date.now() + 600_000) });
  await t.ctx.db.insert(examAttemptQuestion).values({
    attemptId,
    position: 1,
    questionId: question.id,
    text: question.text,
    options: question.options,
    correct: question.correct,
    chapter: question.chapter,
    rule: question.rule,
    explanation: question.explanation,
    critical: false,
    optionOrder: question.options.map((_, i) => i),
  });
}

describe('who can use the bank', () => {
  it('answers 401 without a session, 403 to a student, 404 for unknown ids and 400 for malformed ids', async () => {
    const course = await buildCourse(t.ctx);
    const question = await create(course.id);
    const { body: form, headers } = multipart([
      { name: 'edition', value: '2025' },
      { name: 'file', filename: 'banco.csv', content: Buffer.from('pregunta;a;b;correctas;capitulo\nX;Sí;No;a;Regla 1\n') },
    ]);
    const routes = (courseId: string, questionId: string): CallOptions[] => [
      { url: `/api/courses/${courseId}/bank` },
      { method: 'POST', url: `/api/courses/${courseId}/bank`, body: input() },
      { method: 'PUT', url: `/api/bank/${questionId}`, body: input() },
      { method: 'DELETE', url: `/api/bank/${questionId}` },
      { method: 'POST', url: `/api/bank/${questionId}/archive`, body: { archived: true } },
      { method: 'POST', url: `/api/courses/${courseId}/bank/retire`, body: { edition: 2025 } },
      { method: 'POST', url: `/api/courses/${courseId}/bank/import/preview`, body: form, headers },
      { method: 'POST', url: `/api/courses/${courseId}/bank/import`, body: form, headers },
      { url: `/api/courses/${courseId}/bank/export?format=gift` },
    ];
    for (const request of routes(course.id, question.id)) {
      const name = `${request.method ?? 'GET'} ${request.url}`;
      expect((await call(t.app, request)).statusCode, name).toBe(401);
      expect((await call(t.app, { ...request, cookie: student })).statusCode, name).toBe(403);
    }
    for (const request of routes(unknownId(), unknownId())) {
      const response = await call(t.app, { ...request, cookie: admin });
      expect(response.statusCode, request.url).toBe(404);
      expect([messages.courseNotFound, examMessages.bankQuestionNotFound]).toContain(response.json().error.message);
    }
    for (const request of routes('x'.repeat(80), 'x'.repeat(80))) {
      const response = await call(t.app, { ...request, cookie: admin });
      expect(response.statusCode, request.url).toBe(400);
      expect(response.json().error.message).toBe(messages.invalidId);
    }
    // Nothing of that touched the question.
    expect((await list(course.id)).questions).toEqual([question]);
  });

  it('refuses malformed questions with the field at fault, in Spanish, changing nothing', async () => {
    const course = await buildCourse(t.ctx);
    const question = await create(course.id);
    const cases: Array<[Partial<BankQuestionInput> | Record<string, unknown>, string, string]> = [
      [{ text: '   ' }, 'text', messages.requiredField],
      [{ options: ['Sólo una'] }, 'options', examMessages.optionsMin],
      [{ options: ['a', 'b', 'c', 'd', 'e', 'f'] }, 'options', 'Una pregunta puede tener como máximo 5 opciones'],
      [{ options: ['Una', ' '] }, 'options.1', messages.requiredField],
      [{ correct: [] }, 'correct', examMessages.correctMissing],
      [{ correct: [3] }, 'correct', examMessages.correctUnknown],
      [{ correct: [0, 0] }, 'correct', examMessages.correctRepeated],
      [{ chapter: '' }, 'chapter', messages.requiredField],
      [{ edition: 1800 }, 'edition', examMessages.between('La edición del reglamento', 1990, 2100)],
      [{ edition: 2025.5 }, 'edition', examMessages.wholeNumber('La edición del reglamento')],
      [{ text: 'x'.repeat(2001) }, 'text', 'La pregunta no puede tener más de 2.000 caracteres'],
    ];
    for (const [overrides, field, message] of cases) {
      for (const [method, url] of [
        ['POST', `/api/courses/${course.id}/bank`],
        ['PUT', `/api/bank/${question.id}`],
      ] as const) {
        const response = await call(t.app, { method, url, cookie: admin, body: input(overrides as Partial<BankQuestionInput>) });
        expect(response.statusCode, `${method} ${JSON.stringify(overrides)}`).toBe(400);
        expect(response.json().error.fields[field], `${method} ${JSON.stringify(overrides)}`).toBe(message);
      }
    }
    const badBodies: Array<[string, CallOptions]> = [
      ['archive', { method: 'POST', url: `/api/bank/${question.id}/archive`, body: { archived: 'si' } }],
      ['retire', { method: 'POST', url: `/api/courses/${course.id}/bank/retire`, body: { edition: 'veinte' } }],
      ['list', { url: `/api/courses/${course.id}/bank?archived=tal-vez` }],
      ['search', { url: `/api/courses/${course.id}/bank?search=${'a'.repeat(201)}` }],
    ];
    for (const [name, request] of badBodies) {
      const response = await call(t.app, { ...request, cookie: admin });
      expect(response.statusCode, name).toBe(400);
      expect(response.json().error.code).toBe('BAD_REQUEST');
    }
    expect((await list(course.id)).questions).toEqual([question]);
  });
});

describe('questions', () => {
  it('are created once per Idempotency-Key, edited, archived, restored and deleted', async () => {
    const course = await buildCourse(t.ctx);
    const body = input({ options: ['Sí', 'No', 'Depende', 'Nunca'], correct: [0, 2], rule: '', explanation: '' });
    const headers = { 'idempotency-key': `banco-${randomUUID()}` };
    const first = await call(t.app, { method: 'POST', url: `/api/courses/${course.id}/bank`, cookie: admin, body, headers });
    const again = await call(t.app, { method: 'POST', url: `/api/courses/${course.id}/bank`, cookie: admin, body, headers });
    expect(first.statusCode, first.body).toBe(201);
    expect(again.statusCode).toBe(201);
    const created = first.json().question as BankQuestion;
    expect(again.json().question).toEqual(created);
    expect(created).toEqual({ id: expect.any(String), ...body, used: false });
    expect(await t.ctx.db.$count(bankQuestion, eq(bankQuestion.courseId, course.id))).toBe(1);

    const edited = await call(t.app, {
      method: 'PUT',
      url: `/api/bank/${created.id}`,
      cookie: admin,
      body: input({ text: '  ¿Quién puede pedir un tiempo muerto?  ', options: ['El oficial', 'El capitán'], correct: [0] }),
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().question).toMatchObject({
      id: created.id,
      text: '¿Quién puede pedir un tiempo muerto?',
      options: ['El oficial', 'El capitán'],
    });

    const archived = await call(t.app, { method: 'POST', url: `/api/bank/${created.id}/archive`, cookie: admin, body: { archived: true } });
    expect(archived.statusCode).toBe(200);
    expect(archived.json().question.archivedAt).toEqual(expect.any(String));
    expect((await list(course.id)).questions).toEqual([]);
    expect((await list(course.id, '?archived=si')).questions.map((q) => q.id)).toEqual([created.id]);

    const restored = await call(t.app, {
      method: 'POST',
      url: `/api/bank/${created.id}/archive`,
      cookie: admin,
      body: { archived: false },
    });
    expect(restored.json().question.archivedAt).toBeUndefined();

    const deleted = await call(t.app, { method: 'DELETE', url: `/api/bank/${created.id}`, cookie: admin });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ message: examMessages.bankQuestionDeleted });
    expect((await call(t.app, { method: 'DELETE', url: `/api/bank/${created.id}`, cookie: admin })).statusCode).toBe(404);
  });

  it('refuses to delete a question an exam attempt used, which can still be archived and edited', async () => {
    const course = await buildCourse(t.ctx);
    const question = await create(course.id);
    await useInAttempt(course.id, question);
    expect((await list(course.id)).questions[0]!.used).toBe(true);

    const refused = await call(t.app, { method: 'DELETE', url: `/api/bank/${question.id}`, cookie: admin });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(examMessages.bankQuestionUsed);
    expect(await t.ctx.db.$count(bankQuestion, eq(bankQuestion.id, question.id))).toBe(1);

    const archived = await call(t.app, {
      method: 'POST',
      url: `/api/bank/${question.id}/archive`,
      cookie: admin,
      body: { archived: true },
    });
    expect(archived.json().question).toMatchObject({ used: true, archivedAt: expect.any(String) });
    const edited = await call(t.app, { method: 'PUT', url: `/api/bank/${question.id}`, cookie: admin, body: input({ text: 'Otra' }) });
    expect(edited.json().question).toMatchObject({ text: 'Otra', used: true });
  });

  it('retires an edition: every active question of it is archived, the others stay', async () => {
    const course = await buildCourse(t.ctx);
    const old = [await create(course.id, { edition: 2022 }), await create(course.id, { edition: 2022 })];
    const current = await create(course.id, { edition: 2025 });
    const other = await buildCourse(t.ctx);
    await create(other.id, { edition: 2022 });
    expect((await list(course.id)).editions).toEqual([
      { edition: 2022, count: 2 },
      { edition: 2025, count: 1 },
    ]);

    const retire = (edition: number) =>
      call(t.app, { method: 'POST', url: `/api/courses/${course.id}/bank/retire`, cookie: admin, body: { edition } });
    const response = await retire(2022);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ archived: 2, message: '2 preguntas de la edición 2022 quedaron archivadas.' });
    expect((await list(course.id)).questions.map((q) => q.id)).toEqual([current.id]);
    expect((await list(course.id, '?archived=si')).questions.map((q) => q.id).sort()).toEqual(old.map((q) => q.id).sort());
    expect((await list(other.id)).questions).toHaveLength(1);
    expect((await retire(2022)).json()).toEqual({ archived: 0, message: examMessages.editionRetired(2022, 0) });
  });

  it('are searched without minding accents or case, over text, options, chapter and rule, and filtered by chapter', async () => {
    const course = await buildCourse(t.ctx);
    const pasivo = await create(course.id, { text: 'Señal de juego pasivo: ¿cuándo se muestra?', chapter: 'Regla 7', rule: '7:11' });
    const arquero = await create(course.id, {
      text: '¿Puede el arquero salir del área?',
      options: ['Sí, sin la pelota', 'Nunca'],
      chapter: 'Regla 5',
      rule: '5:1',
    });
    const siete = await create(course.id, { text: 'Tiro de 7 metros', chapter: 'Regla 14', rule: '14:1' });
    const ids = async (query: string) => (await list(course.id, query)).questions.map((q) => q.id);

    expect(await ids('?search=senal')).toEqual([pasivo.id]);
    expect(await ids('?search=SEÑAL')).toEqual([pasivo.id]);
    expect(await ids('?search=cuando')).toEqual([pasivo.id]);
    expect(await ids('?search=sin%20la%20pelota')).toEqual([arquero.id]);
    expect(await ids('?search=14%3A1')).toEqual([siete.id]);
    expect(await ids('?search=regla%205')).toEqual([arquero.id]);
    expect(await ids('?search=100%25')).toEqual([]);
    expect(await ids('?chapter=Regla%207')).toEqual([pasivo.id]);
    expect(await ids('?chapter=Regla%207&search=arquero')).toEqual([]);
    // Chapters in their natural order: 'Regla 5' before 'Regla 14'.
    const all = await list(course.id);
    expect(all.questions.map((q) => q.id)).toEqual([arquero.id, pasivo.id, siete.id]);
    expect(all.chapters).toEqual([
      { chapter: 'Regla 5', count: 1 },
      { chapter: 'Regla 7', count: 1 },
      { chapter: 'Regla 14', count: 1 },
    ]);
  });
});

describe('the sample course', () => {
  it('has a bank of 30 questions over at least four chapters, some with several right options, each with its rule and explanation', async () => {
    const course = await buildCourse(t.ctx);
    await seedSampleBank(t.ctx.db, course.id);
    const { questions, chapters, editions } = await list(course.id);
    expect(questions).toHaveLength(30);
    expect(chapters.length).toBeGreaterThanOrEqual(4);
    expect(editions).toEqual([{ edition: 2025, count: 30 }]);
    expect(questions.filter((q) => q.correct.length > 1).length).toBeGreaterThanOrEqual(3);
    for (const question of questions) {
      expect(question.rule, question.text).not.toBe('');
      expect(question.explanation, question.text).not.toBe('');
    }
    expect(new Set(questions.map((q) => q.text)).size).toBe(30);
    // By chapter in their natural order ('Regla 4' before 'Regla 13'), each in the order written.
    expect(questions.map((q) => q.text)).toEqual(sampleBank.map((q) => q.text));
  });
});

// --- Importar preguntas ------------------------------------------------------------------------

function upload(url: string, content: Buffer, options: { edition?: string | null; filename?: string } = {}) {
  const { body, headers } = multipart([
    ...(options.edition === null ? [] : [{ name: 'edition', value: options.edition ?? '2025' }]),
    { name: 'file', filename: options.filename ?? 'preguntas.csv', content, contentType: 'text/csv' },
  ]);
  return call(t.app, { method: 'POST', url, body, headers, cookie: admin });
}
const preview = (courseId: string, content: Buffer, options?: Parameters<typeof upload>[2]) =>
  upload(`/api/courses/${courseId}/bank/import/preview`, content, options);
const runImport = (courseId: string, content: Buffer, options?: Parameters<typeof upload>[2]) =>
  upload(`/api/courses/${courseId}/bank/import`, content, options);

type Row = { line: number; text: string; options: string[]; correct: string; chapter: string; problem: string | null };
const rowsOf = (response: { json: () => unknown }) => (response.json() as { rows: Row[] }).rows;

describe('import files as Excel saves them', () => {
  it('reads semicolons, BOM, CRLF and quoted cells with separators and line breaks', async () => {
    const course = await buildCourse(t.ctx);
    const csv = Buffer.from(
      '\ufeffPregunta;A;B;C;D;E;Correctas;Capítulo;Regla;Explicación\r\n' +
        '"¿Qué sanción corresponde; si es reiterada?";Amonestación;"Exclusión;\r\n2 minutos";;;;b;Regla 16;16:3;"Progresiva, según la falta"\r\n',
      'utf8',
    );
    const response = await preview(course.id, csv);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      rows: [
        {
          // The row's first line, though its quoted cell goes on in the next.
          line: 2,
          text: '¿Qué sanción corresponde; si es reiterada?',
          options: ['Amonestación', 'Exclusión;\n2 minutos'],
          correct: 'b',
          chapter: 'Regla 16',
          rule: '16:3',
          explanation: 'Progresiva, según la falta',
          problem: null,
        },
      ],
      valid: 1,
      invalid: 0,
      format: 'csv',
    });
    // A preview writes nothing.
    expect(await t.ctx.db.$count(bankQuestion, eq(bankQuestion.courseId, course.id))).toBe(0);
  });

  it('reads commas and Windows-1252 accents, headers in another case and order, and skips blank lines', async () => {
    const course = await buildCourse(t.ctx);
    const csv = Buffer.concat([
      Buffer.from('CAPITULO,pregunta,a,b,correctas\r\n\r\n', 'latin1'),
      // "Regla 8,¿Cuándo hay falta?,Sí,No,a" in Windows-1252 bytes.
      Buffer.from('Regla 8,\xbfCu\xe1ndo hay falta?,S\xed,No,a\r\n', 'latin1'),
      Buffer.from(',,,,\r\n\r\n', 'latin1'),
      Buffer.from('Regla 8,Otra pregunta,Uno,Dos,b\r\n', 'latin1'),
    ]);
    const response = await preview(course.id, csv);
    expect(response.statusCode, response.body).toBe(200);
    expect(rowsOf(response).map((row) => [row.line, row.text, row.options, row.problem])).toEqual([
      [3, '¿Cuándo hay falta?', ['Sí', 'No'], null],
      [6, 'Otra pregunta', ['Uno', 'Dos'], null],
    ]);
  });

  it('names each row’s problem, and imports only the valid rows in one go', async () => {
    const course = await buildCourse(t.ctx);
    await create(course.id, { text: '¿Cuánto dura el descanso?' });
    const lines = [
      'pregunta;a;b;c;d;e;correctas;capitulo;regla;explicacion',
      '¿Cuáles son tiros libres?;Falta;Gol;Pasos;;;a, c;Regla 13;13:1;Dos opciones correctas', // 2 valid, multi-answer
      'Sólo una opción;Única;;;;;a;Regla 4;;', // 3
      'Letra fuera de las opciones;Sí;No;;;;c;Regla 4;;', // 4
      'Sin correctas;Sí;No;;;;;Regla 4;;', // 5
      'Letra que no es opción;Sí;No;;;;x;Regla 4;;', // 6
      '¿CUÁLES son tiros libres?;Falta;Gol;;;;a;Regla 13;;', // 7 repeated (line 2)
      '¿Cuanto dura el descanso?;10 minutos;15 minutos;;;;b;Regla 2;;', // 8 already in the bank
      'Opción salteada;Uno;;Tres;;;a;Regla 4;;', // 9
      ';Sí;No;;;;a;Regla 4;;', // 10 no question
      'Sin capítulo;Sí;No;;;;a;;;', // 11
      'Todas en mayúsculas;Uno;Dos;Tres;;;AC;Regla 8;;', // 12 valid
    ];
    const csv = Buffer.from(lines.join('\n'));
    const response = await preview(course.id, csv);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ valid: 2, invalid: 9 });
    expect(rowsOf(response).map((row) => [row.line, row.correct, row.problem])).toEqual([
      [2, 'a,c', null],
      [3, 'a', examMessages.optionsMin],
      [4, 'c', examMessages.importLetterNotOption('c')],
      [5, '', examMessages.importMissingCorrect],
      [6, 'x', examMessages.importLetterInvalid('x')],
      [7, 'a', examMessages.importRepeated(2)],
      [8, 'b', examMessages.importInBank],
      [9, 'a', examMessages.importOptionGap('b')],
      [10, 'a', examMessages.importMissingText],
      [11, 'a', examMessages.importMissingChapter],
      [12, 'a,c', null],
    ]);

    const imported = await runImport(course.id, csv);
    expect(imported.statusCode, imported.body).toBe(200);
    expect(imported.json()).toEqual({ imported: 2, invalid: 9, message: examMessages.imported(2, 9) });
    expect(imported.json().message).toBe('2 preguntas importadas, 9 filas con errores');
    const bank = await list(course.id, '?chapter=Regla%2013');
    expect(bank.questions).toEqual([
      {
        id: expect.any(String),
        text: '¿Cuáles son tiros libres?',
        options: ['Falta', 'Gol', 'Pasos'],
        correct: [0, 2],
        chapter: 'Regla 13',
        rule: '13:1',
        explanation: 'Dos opciones correctas',
        edition: 2025,
        used: false,
      },
    ]);
    // The same file again: every question is now in the bank, nothing is written.
    const again = await runImport(course.id, csv);
    expect(again.statusCode).toBe(400);
    expect(again.json().error.message).toBe(examMessages.importNothingValid);
    expect(await t.ctx.db.$count(bankQuestion, eq(bankQuestion.courseId, course.id))).toBe(3);
  });

  it('takes the edition from the form, and refuses a missing or impossible one', async () => {
    const course = await buildCourse(t.ctx);
    const csv = Buffer.from('pregunta,a,b,correctas,capitulo\n¿Edición?,Sí,No,a,Regla 1\n');
    for (const edition of [null, '', 'dos mil', '1500']) {
      const response = await runImport(course.id, csv, { edition });
      expect(response.statusCode, String(edition)).toBe(400);
      expect(response.json().error.fields).toHaveProperty('edition');
    }
    expect((await runImport(course.id, csv, { edition: '2022' })).statusCode).toBe(200);
    expect((await list(course.id)).questions[0]!.edition).toBe(2022);
  });

  it('reads a JSON list, with the right letters as text or as a list', async () => {
    const course = await buildCourse(t.ctx);
    const json = JSON.stringify([
      { pregunta: '¿Qué marca la línea de 9 metros?', a: 'El tiro libre', b: 'El saque', correctas: ['a'], capítulo: 'Regla 1' },
      {
        Pregunta: '¿Cuáles son sanciones?',
        A: 'Amonestación',
        B: 'Exclusión',
        C: 'Saque',
        correctas: 'a; b',
        Capitulo: 'Regla 16',
        regla: '16:1',
      },
      { pregunta: 'Sin letras válidas', a: 'Sí', b: 'No', correctas: ['z'], capitulo: 'Regla 1' },
      'no es una pregunta',
    ]);
    const response = await preview(course.id, Buffer.from(json), { filename: 'preguntas.json' });
    expect(response.statusCode, response.body).toBe(200);
    expect(rowsOf(response).map((row) => [row.line, row.correct, row.problem])).toEqual([
      [1, 'a', null],
      [2, 'a,b', null],
      [3, 'z', examMessages.importLetterInvalid('z')],
      [4, '', examMessages.importJsonRow],
    ]);
    const imported = await runImport(course.id, Buffer.from(json), { filename: 'preguntas.json' });
    expect(imported.json()).toEqual({ imported: 2, invalid: 2, message: examMessages.imported(2, 2) });
    expect((await list(course.id, '?chapter=Regla%2016')).questions[0]!.correct).toEqual([0, 1]);
  });

  it('refuses files it cannot read with a Spanish 4xx, for the preview and the import alike', async () => {
    const course = await buildCourse(t.ctx);
    const header = 'pregunta;a;b;correctas;capitulo\n';
    const tooMany = header + Array.from({ length: BANK_IMPORT_MAX_ROWS + 1 }, (_, i) => `P${i};Sí;No;a;Regla 1`).join('\n');
    const xlsx = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(64)]);
    const cases: Array<[string, Buffer, number, string]> = [
      ['empty', Buffer.alloc(0), 400, messages.importEmpty],
      ['only blank lines', Buffer.from('\ufeff\r\n\r\n'), 400, messages.importEmpty],
      ['a header without rows', Buffer.from(header), 400, examMessages.importNoQuestions],
      ['no correctas column', Buffer.from('pregunta;a;b;capitulo\nX;Sí;No;Regla 1\n'), 400, examMessages.importColumns],
      ['no b column', Buffer.from('pregunta;a;correctas;capitulo\nX;Sí;a;Regla 1\n'), 400, examMessages.importColumns],
      ['a PDF', pdfBytes(), 415, examMessages.importNotText],
      ['an xlsx', xlsx, 415, examMessages.importNotText],
      ['a broken quote', Buffer.from(`${header}"Sin cerrar;Sí;No;a;Regla 1\n`), 400, messages.importUnreadable(2)],
      ['too many rows', Buffer.from(tooMany), 400, examMessages.importTooManyQuestions(BANK_IMPORT_MAX_ROWS)],
      ['JSON that is not a list', Buffer.from('{"pregunta": "X"}'), 400, examMessages.importNotJson],
      ['broken JSON', Buffer.from('[{"pregunta": "X",'), 400, examMessages.importNotJson],
      ['an empty JSON list', Buffer.from('[]'), 400, examMessages.importNoQuestions],
    ];
    for (const [name, content, status, message] of cases) {
      for (const send of [preview, runImport]) {
        const response = await send(course.id, content);
        expect(response.statusCode, `${name}: ${response.body}`).toBe(status);
        expect(response.json().error.message, name).toBe(message);
      }
    }
    const big = Buffer.from(header + 'Una pregunta larga;Sí;No;a;Regla 1\n'.repeat(40_000));
    expect(big.length).toBeGreaterThan(IMPORT_MAX_BYTES);
    const tooBig = await runImport(course.id, big);
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().error.message).toBe(messages.importTooHeavy(IMPORT_MAX_BYTES));
    const notMultipart = await call(t.app, { method: 'POST', url: `/api/courses/${course.id}/bank/import`, cookie: admin, body: {} });
    expect(notMultipart.statusCode).toBe(415);
    expect(await t.ctx.db.$count(bankQuestion, eq(bankQuestion.courseId, course.id))).toBe(0);
  });
});
