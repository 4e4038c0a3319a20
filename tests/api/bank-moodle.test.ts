// The question bank and Moodle: 'Importar preguntas' reads GIFT and Moodle XML (each question
// by the line it starts on, the kinds the bank has no place for listed and left out), and
// 'Exportar' writes the bank as CSV, GIFT or Moodle XML that reads back as the same questions.
// The files below follow the examples of Moodle's documentation (GIFT format, Moodle XML format).
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bankQuestion } from '../../src/server/db/schema.ts';
import { examMessages, messages } from '../../src/shared/messages.ts';
import { BANK_IMPORT_MAX_ROWS, type BankQuestion, type BankQuestionInput } from '../../src/shared/schemas/exams.ts';
import { buildCourse } from './helpers/content.ts';
import { multipart } from './helpers/files.ts';
import { call, login } from './helpers/http.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, createTestApp, type TestApp } from './helpers/test-app.ts';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await login(t.app, ADMIN_EMAIL, ADMIN_PASSWORD);
});
afterAll(async () => {
  await t?.close();
});

type Row = {
  line: number;
  text: string;
  options: string[];
  correct: string;
  chapter: string;
  rule: string;
  explanation: string;
  problem: string | null;
};
type Preview = { rows: Row[]; valid: number; invalid: number; format: string };

function upload(courseId: string, what: 'preview' | 'import', content: Buffer | string, filename: string, edition = '2025') {
  const { body, headers } = multipart([
    { name: 'edition', value: edition },
    { name: 'file', filename, content: Buffer.from(content), contentType: 'application/octet-stream' },
  ]);
  const url = `/api/courses/${courseId}/bank/import${what === 'preview' ? '/preview' : ''}`;
  return call(t.app, { method: 'POST', url, body, headers, cookie: admin });
}

async function preview(courseId: string, content: Buffer | string, filename: string): Promise<Preview> {
  const response = await upload(courseId, 'preview', content, filename);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as Preview;
}

async function list(courseId: string): Promise<BankQuestion[]> {
  const response = await call(t.app, { url: `/api/courses/${courseId}/bank`, cookie: admin });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { questions: BankQuestion[] }).questions;
}

/** What a round trip must keep of each question, in the bank's order. */
const kept = (questions: BankQuestion[]) =>
  questions.map(({ text, options, correct, chapter, rule, explanation, edition }) => ({
    text,
    options,
    correct,
    chapter,
    rule,
    explanation,
    edition,
  }));

async function exportBank(courseId: string, format: string) {
  return call(t.app, { url: `/api/courses/${courseId}/bank/export?format=${format}`, cookie: admin });
}

/** The file 'Exportar' gives, under the name it gives it. */
async function download(courseId: string, format: string) {
  const response = await exportBank(courseId, format);
  expect(response.statusCode, response.body).toBe(200);
  const filename = /filename="([^"]+)"/.exec(String(response.headers['content-disposition']))?.[1] ?? '';
  return { filename, body: response.body, contentType: String(response.headers['content-type']) };
}

/** Imports a file into a new course: the course, and its questions. */
async function importInto(content: string, filename: string): Promise<{ courseId: string; questions: BankQuestion[] }> {
  const course = await buildCourse(t.ctx);
  const response = await upload(course.id, 'import', content, filename);
  expect(response.statusCode, response.body).toBe(200);
  return { courseId: course.id, questions: await list(course.id) };
}

// --- GIFT ----------------------------------------------------------------------------------

/** Every feature of GIFT the bank takes, and each kind it does not, with the line each question starts on. */
const giftFile = String.raw`// Preguntas de reglamento escritas a mano, sobre los ejemplos de la documentación de Moodle.
¿Cuántos jugadores hay en la cancha? {=Siete por equipo ~Seis por equipo}

$CATEGORY: $course$/top/Reglamento/Regla 8

// Opción múltiple: una correcta, retroalimentación por opción y general.
::8\:3::¿Qué sanción corresponde a una conducta antideportiva? {
	=Amonestación#Correcto: la sanción es progresiva.
	// Un comentario entre las opciones.
	~Exclusión#Sólo si ya fue amonestado.
	~%-25%Descalificación#Es para una conducta grave.
	####Regla 8\:3: primero se amonesta.
}

::Pregunta de repaso::¿Cuáles son faltas según la regla 8:2? {~%50%Empujar ~%50%Sujetar ~%-100%Jugar la pelota}

::Regla: Zona de cambios::¿Por dónde entra un jugador
que reemplaza a otro? {
	=Por su zona de cambios
	~Por cualquier lugar
}

$CATEGORY: $course$/top/Reglamento/Regla 16

::16\:3::Una exclusión dura dos minutos.{T#No: dura dos minutos.#Correcto.####La exclusión es de dos minutos de juego.}

Al arquero se lo excluye por salir del área. {F}

::16\:1::El árbitro puede amonestar a un oficial.{TRUE}

[html]<p>¿Qué muestra el árbitro para una <b>exclusión</b>&nbsp;&amp; qué gesto hace?</p>{
	=<i>Dos dedos</i> en alto
	~La tarjeta &quot;amarilla&quot;
}

Pregunta con \{llaves\}, \~tilde, \=igual, \#numeral, \: dos puntos y una barra \\ {
	=Opción con \= y \#
	~Otra con \{ \} y \~\nen dos líneas
}

// Lo que el banco no tiene: se listan con su línea y no se importan.
Describí cuándo se aplica la ley de la ventaja. {}

Emparejá cada sanción con su duración. {
	=Exclusión -> 2 minutos
	=Tiempo muerto de equipo -> 1 minuto
}

¿Cuántos metros mide el área de arco? {#6}

¿De qué color es la tarjeta de amonestación? {=amarilla =Amarilla}

Las reglas de juego son de la IHF.

¿Cuál es la regla del juego pasivo? {
	=Regla 7
	~Regla 1
	~Regla 2
	~Regla 3
	~Regla 4
	~Regla 5
}

¿Qué marca la línea de 9 metros? {~El área ~La línea de tiro libre}

::16\:8 ¿Título sin cerrar? {=Sí ~No}

¿Respuestas sin cerrar? {=Sí ~No

¿Qué sanción corresponde a una conducta antideportiva? {=Otra ~Cosa}
`;

const kind = (type: string) => examMessages.importMoodleKind(examMessages.moodleKinds[type]!);

/** The question of line 7 (GIFT) and 14 (XML): the same question in both files. */
const sanction = {
  text: '¿Qué sanción corresponde a una conducta antideportiva?',
  options: ['Amonestación', 'Exclusión', 'Descalificación'],
  correct: 'a',
  chapter: 'Regla 8',
  rule: '8:3',
  explanation:
    'Regla 8:3: primero se amonesta.\n\na) Correcto: la sanción es progresiva.\nb) Sólo si ya fue amonestado.\nc) Es para una conducta grave.',
  problem: null,
};

describe('a GIFT file', () => {
  it('previews every question by the line it starts on: what comes in, and what does not with the reason', async () => {
    const course = await buildCourse(t.ctx);
    const result = await preview(course.id, giftFile, 'reglamento.gift');
    expect(result.format).toBe('gift');
    const byLine = new Map(result.rows.map((row) => [row.line, row]));
    expect(byLine.get(7)).toEqual({ line: 7, ...sanction });
    expect(byLine.get(15)).toEqual({
      line: 15,
      text: '¿Cuáles son faltas según la regla 8:2?',
      options: ['Empujar', 'Sujetar', 'Jugar la pelota'],
      correct: 'a,b',
      chapter: 'Regla 8',
      // 'Pregunta de repaso' is a name, not a rule.
      rule: '',
      explanation: '',
      problem: null,
    });
    expect(byLine.get(17)).toMatchObject({
      text: '¿Por dónde entra un jugador\nque reemplaza a otro?',
      options: ['Por su zona de cambios', 'Por cualquier lugar'],
      correct: 'a',
      rule: 'Zona de cambios',
      problem: null,
    });
    // True or false: {T#feedback when answered wrong#feedback when right}.
    expect(byLine.get(25)).toEqual({
      line: 25,
      text: 'Una exclusión dura dos minutos.',
      options: ['Verdadero', 'Falso'],
      correct: 'a',
      chapter: 'Regla 16',
      rule: '16:3',
      explanation: 'La exclusión es de dos minutos de juego.\n\na) Correcto.\nb) No: dura dos minutos.',
      problem: null,
    });
    expect(byLine.get(27)).toMatchObject({ options: ['Verdadero', 'Falso'], correct: 'b', rule: '', problem: null });
    expect(byLine.get(29)).toMatchObject({ text: 'El árbitro puede amonestar a un oficial.', correct: 'a', rule: '16:1', problem: null });
    expect(byLine.get(31)).toMatchObject({
      text: '¿Qué muestra el árbitro para una exclusión & qué gesto hace?',
      options: ['Dos dedos en alto', 'La tarjeta "amarilla"'],
      correct: 'a',
      problem: null,
    });
    expect(byLine.get(36)).toMatchObject({
      text: 'Pregunta con {llaves}, ~tilde, =igual, #numeral, : dos puntos y una barra \\',
      options: ['Opción con = y #', 'Otra con { } y ~\nen dos líneas'],
      correct: 'a',
      problem: null,
    });
    expect(result.rows.map((row) => [row.line, row.problem])).toEqual([
      [2, examMessages.importMoodleNoCategory],
      [7, null],
      [15, null],
      [17, null],
      [25, null],
      [27, null],
      [29, null],
      [31, null],
      [36, null],
      [42, kind('essay')],
      [44, kind('matching')],
      [49, kind('numerical')],
      [51, kind('shortanswer')],
      [53, kind('description')],
      [55, examMessages.importMoodleTooManyOptions(6, 5)],
      [64, examMessages.importMoodleNoRight],
      [66, examMessages.importGiftTitleOpen],
      [68, examMessages.importGiftAnswersOpen],
      [70, examMessages.importRepeatedLine(7)],
    ]);
    expect(result).toMatchObject({ valid: 8, invalid: 11 });
    expect(byLine.get(42)).toMatchObject({ text: 'Describí cuándo se aplica la ley de la ventaja.', options: [], correct: '' });
    // Nothing is written by a preview.
    expect(await t.ctx.db.$count(bankQuestion, eq(bankQuestion.courseId, course.id))).toBe(0);
  });

  it('reads the same with Windows line ends, a BOM and as .txt (as Moodle saves it), and imports only what it previewed as ready', async () => {
    const course = await buildCourse(t.ctx);
    const windows = `\ufeff${giftFile.replace(/\n/g, '\r\n')}`;
    const result = await preview(course.id, windows, 'preguntas.txt');
    const lf = await preview(course.id, giftFile, 'reglamento.gift');
    expect(result).toEqual(lf);

    const imported = await upload(course.id, 'import', windows, 'preguntas.txt', '2022');
    expect(imported.statusCode, imported.body).toBe(200);
    expect(imported.json()).toEqual({ imported: 8, invalid: 11, message: examMessages.importedMoodle(8, 11) });
    expect(imported.json().message).toBe('8 preguntas importadas, 11 no se importaron');
    const questions = await list(course.id);
    expect(questions).toHaveLength(8);
    expect(questions.every((q) => q.edition === 2022)).toBe(true);
    const { problem: _problem, ...fields } = sanction;
    expect(questions.find((q) => q.rule === '8:3')).toMatchObject({ ...fields, correct: [0] });
    expect(questions.find((q) => q.text.startsWith('¿Cuáles son faltas'))!.correct).toEqual([0, 1]);
  });
});

// --- Moodle XML ----------------------------------------------------------------------------

const xmlFile = `<?xml version="1.0" encoding="UTF-8"?>
<quiz>
<!-- Sobre los ejemplos de la documentación de Moodle (Formato Moodle XML). -->
  <question type="multichoice">
    <name><text>Sin categoría</text></name>
    <questiontext format="html"><text>¿Cuántos jugadores hay en la cancha?</text></questiontext>
    <answer fraction="100"><text>Siete por equipo</text></answer>
    <answer fraction="0"><text>Seis por equipo</text></answer>
  </question>
  <question type="category">
    <category><text>$course$/top/Por defecto en Reglamento/Regla 8</text></category>
    <info format="moodle_auto_format"><text></text></info>
  </question>
  <question type="multichoice">
    <name><text>8:3</text></name>
    <questiontext format="html">
      <text><![CDATA[<p>¿Qué sanción corresponde a una <strong>conducta antideportiva</strong>?</p>]]></text>
    </questiontext>
    <generalfeedback format="html"><text><![CDATA[<p>Regla 8:3: primero se amonesta.</p>]]></text></generalfeedback>
    <single>true</single>
    <answer fraction="100" format="html">
      <text><![CDATA[<p>Amonestación</p>]]></text>
      <feedback format="html"><text><![CDATA[<p>Correcto: la sanción es progresiva.</p>]]></text></feedback>
    </answer>
    <answer fraction="0" format="html">
      <text>Exclusi&#243;n</text>
      <feedback format="html"><text>S&amp;oacute;lo si ya fue amonestado.</text></feedback>
    </answer>
    <answer fraction="-25" format="html">
      <text>Descalificación</text>
      <feedback format="html"><text>Es para una conducta grave.</text></feedback>
    </answer>
  </question>
  <question type="multichoice">
    <name><text>Pregunta de repaso</text></name>
    <questiontext format="plain_text"><text>¿Cuáles son faltas según la regla 8:2? &lt;todas&gt; &amp; ninguna más</text></questiontext>
    <single>false</single>
    <answer fraction="50"><text>Empujar</text></answer>
    <answer fraction="50"><text>Sujetar</text></answer>
    <answer fraction="-100"><text>Jugar la pelota</text></answer>
  </question>
  <question type="category">
    <category><text>$course$/top/Regla 16</text></category>
  </question>
  <question type="truefalse">
    <name><text>16:3</text></name>
    <questiontext format="moodle_auto_format"><text>Una exclusión
dura dos minutos.</text></questiontext>
    <generalfeedback format="moodle_auto_format"><text>La exclusión es de dos minutos de juego.</text></generalfeedback>
    <answer fraction="100" format="moodle_auto_format"><text>true</text><feedback format="html"><text>Correcto.</text></feedback></answer>
    <answer fraction="0" format="moodle_auto_format"><text>false</text><feedback format="html"><text>No: dura dos minutos.</text></feedback></answer>
  </question>
  <question type="truefalse">
    <name><text>Regla: Zona de cambios</text></name>
    <questiontext format="html"><text>&lt;p&gt;Un jugador entra por cualquier lugar.&lt;/p&gt;</text></questiontext>
    <answer fraction="0"><text>true</text></answer>
    <answer fraction="100"><text>false</text></answer>
  </question>
  <question type="shortanswer">
    <name><text>Color</text></name>
    <questiontext format="html"><text>¿De qué color es la tarjeta de amonestación?</text></questiontext>
    <answer fraction="100"><text>amarilla</text></answer>
  </question>
  <question type="essay"><questiontext format="html"><text>Describí la ley de la ventaja.</text></questiontext></question>
  <question type="matching"><questiontext format="html"><text>Emparejá cada sanción con su duración.</text></questiontext></question>
  <question type="numerical"><questiontext format="html"><text>¿Cuántos metros mide el área?</text></questiontext></question>
  <question type="description"><questiontext format="html"><text>Las reglas son de la IHF.</text></questiontext></question>
  <question type="cloze"><questiontext format="html"><text>El área mide {1:NUMERICAL:=6} metros.</text></questiontext></question>
  <question type="calculated"><questiontext format="html"><text>¿Cuánto es {a} + {b}?</text></questiontext></question>
  <question type="multichoice">
    <questiontext format="html"><text>¿Cuál es la regla del juego pasivo?</text></questiontext>
    <answer fraction="100"><text>Regla 7</text></answer>
    <answer fraction="0"><text>Regla 1</text></answer>
    <answer fraction="0"><text>Regla 2</text></answer>
    <answer fraction="0"><text>Regla 3</text></answer>
    <answer fraction="0"><text>Regla 4</text></answer>
    <answer fraction="0"><text>Regla 5</text></answer>
  </question>
  <question type="multichoice">
    <questiontext format="html"><text>¿Qué marca la línea de 9 metros?</text></questiontext>
    <answer fraction="0"><text>El área</text></answer>
    <answer fraction="0"><text>La línea de tiro libre</text></answer>
  </question>
</quiz>
`;

describe('a Moodle XML file', () => {
  it('previews every question by the line of its <question>: what comes in, and what does not with the reason', async () => {
    const course = await buildCourse(t.ctx);
    const result = await preview(course.id, xmlFile, 'preguntas-moodle.xml');
    expect(result.format).toBe('xml');
    const byLine = new Map(result.rows.map((row) => [row.line, row]));
    // CDATA with HTML, a character reference, an entity of HTML inside the XML's: the same question as the GIFT's.
    expect(byLine.get(14)).toEqual({ line: 14, ...sanction });
    expect(byLine.get(34)).toEqual({
      line: 34,
      text: '¿Cuáles son faltas según la regla 8:2? <todas> & ninguna más',
      options: ['Empujar', 'Sujetar', 'Jugar la pelota'],
      correct: 'a,b',
      chapter: 'Regla 8',
      rule: '',
      explanation: '',
      problem: null,
    });
    expect(byLine.get(45)).toEqual({
      line: 45,
      text: 'Una exclusión\ndura dos minutos.',
      options: ['Verdadero', 'Falso'],
      correct: 'a',
      chapter: 'Regla 16',
      rule: '16:3',
      explanation: 'La exclusión es de dos minutos de juego.\n\na) Correcto.\nb) No: dura dos minutos.',
      problem: null,
    });
    expect(byLine.get(53)).toMatchObject({
      text: 'Un jugador entra por cualquier lugar.',
      correct: 'b',
      rule: 'Zona de cambios',
      problem: null,
    });
    expect(result.rows.map((row) => [row.line, row.problem])).toEqual([
      [4, examMessages.importMoodleNoCategory],
      [14, null],
      [34, null],
      [45, null],
      [53, null],
      [59, kind('shortanswer')],
      [64, kind('essay')],
      [65, kind('matching')],
      [66, kind('numerical')],
      [67, kind('description')],
      [68, kind('cloze')],
      [69, kind('calculated')],
      [70, examMessages.importMoodleTooManyOptions(6, 5)],
      [79, examMessages.importMoodleNoRight],
    ]);
    expect(result).toMatchObject({ valid: 4, invalid: 10 });
  });

  it('gives the same lines with Windows line ends, and imports the ready questions in one go', async () => {
    const course = await buildCourse(t.ctx);
    const windows = xmlFile.replace(/\n/g, '\r\n');
    expect(await preview(course.id, windows, 'quiz.xml')).toEqual(await preview(course.id, xmlFile, 'quiz.xml'));
    const imported = await upload(course.id, 'import', windows, 'quiz.xml');
    expect(imported.statusCode, imported.body).toBe(200);
    expect(imported.json()).toEqual({ imported: 4, invalid: 10, message: examMessages.importedMoodle(4, 10) });
    expect((await list(course.id)).map((q) => [q.chapter, q.rule, q.correct])).toEqual([
      ['Regla 8', '8:3', [0]],
      ['Regla 8', '', [0, 1]],
      ['Regla 16', '16:3', [0]],
      ['Regla 16', 'Zona de cambios', [1]],
    ]);
  });
});

// --- Round trips ---------------------------------------------------------------------------

/** Questions with everything a file could lose: GIFT's special characters, accents, line breaks, several right options, true or false. */
const tricky: Array<Omit<BankQuestionInput, 'edition'>> = [
  {
    text: '¿Qué se sanciona con ~, =, #, {, } y : según la regla 8:3?',
    options: ['Amonestación = tarjeta', 'Exclusión #2', '{Descalificación}', 'Nada: ~ seguir'],
    correct: [0],
    chapter: 'Regla 8',
    rule: '8:3',
    explanation: 'Progresiva: ~ primero = amonestar.\nLuego # excluir {y} descalificar.',
  },
  {
    text: '¿Cuáles son tiros libres? (varias correctas)',
    options: ['Pasos', 'Dobles', 'Gol', 'Invasión del área'],
    correct: [0, 1, 3],
    chapter: 'Regla 13',
    rule: '13:1',
    explanation: '',
  },
  {
    text: 'El arquero puede salir del área con la pelota.',
    options: ['Verdadero', 'Falso'],
    correct: [1],
    chapter: 'Regla 5',
    rule: 'Regla 5',
    explanation: 'No puede salir con la pelota controlada.',
  },
  {
    text: 'Una exclusión dura dos minutos.',
    options: ['Verdadero', 'Falso'],
    correct: [0],
    chapter: 'Regla 16',
    rule: '',
    explanation: 'Ver 16:3.',
  },
  {
    text: '[markdown] no es un formato acá',
    options: ['%50% de la pelota', 'Ninguna'],
    correct: [1],
    chapter: 'Regla 2',
    rule: '',
    explanation: '',
  },
  {
    text: '// no es un comentario',
    options: ['Sí', 'No'],
    correct: [0],
    chapter: 'Regla 2',
    rule: '2:1 b',
    explanation: '',
  },
  {
    text: '<b>no es negrita</b> & "comillas" y una barra \\ al final \\',
    options: ['Verdadero', 'Falso', 'Depende'],
    correct: [2],
    chapter: 'Aclaraciones / Anexo',
    rule: 'Zona de cambios',
    explanation: 'Con\n\nlíneas en blanco\n\n\ny tres saltos',
  },
  {
    text: 'Ñandú, pingüino y acción: ¿quiénes integran la mesa?\nElegí dos.',
    options: ['Árbitro', 'Oficial', 'Cronometrista', 'Capitán', 'Anotador'],
    correct: [2, 4],
    chapter: 'Regla 17',
    rule: 'Aclaración 3',
    explanation: 'a) parece la explicación de una opción\nb) y otra',
  },
];

describe('round trips', () => {
  it.each(['gift', 'xml', 'csv'])(
    'exporting a bank to %s and importing it back gives the same questions: texts, options in order, right ones, chapter, rule, explanation',
    async (format) => {
      const course = await buildCourse(t.ctx);
      for (const question of tricky) {
        const response = await call(t.app, {
          method: 'POST',
          url: `/api/courses/${course.id}/bank`,
          cookie: admin,
          body: { ...question, edition: 2025 },
        });
        expect(response.statusCode, response.body).toBe(201);
      }
      const original = await list(course.id);
      const file = await download(course.id, format);
      expect(kept((await importInto(file.body, file.filename)).questions)).toEqual(kept(original));
    },
  );

  it.each([
    ['gift', giftFile, 'reglamento.gift'],
    ['xml', xmlFile, 'quiz.xml'],
  ])(
    'a Moodle %s file, once in the bank, goes out and comes back the same, its feedback folded into the explanation',
    async (_format, content, filename) => {
      const first = await importInto(content, filename);
      expect(first.questions.length).toBeGreaterThan(0);
      expect(first.questions.some((q) => /\n\na\) /.test(q.explanation))).toBe(true);
      for (const format of ['gift', 'xml']) {
        const file = await download(first.courseId, format);
        expect(kept((await importInto(file.body, file.filename)).questions), format).toEqual(kept(first.questions));
      }
    },
  );
});

// --- Exportar ------------------------------------------------------------------------------

describe('Exportar', () => {
  it('downloads the active questions with a Spanish name and the right type, a Moodle category per chapter', async () => {
    const course = await buildCourse(t.ctx, { name: 'Formación de Árbitros 2025' });
    for (const question of tricky) {
      await call(t.app, { method: 'POST', url: `/api/courses/${course.id}/bank`, cookie: admin, body: { ...question, edition: 2025 } });
    }
    const archived = (await list(course.id)).find((q) => q.chapter === 'Regla 13')!;
    await call(t.app, { method: 'POST', url: `/api/bank/${archived.id}/archive`, cookie: admin, body: { archived: true } });

    const gift = await download(course.id, 'gift');
    expect(gift.filename).toBe('banco-de-preguntas-formacion-de-arbitros-2025.gift.txt');
    expect(gift.contentType).toBe('text/plain; charset=utf-8');
    // By chapter as the bank lists them ('Regla 2' before 'Regla 16'); a '/' of a name written '//'.
    expect(gift.body.match(/^\$CATEGORY: .*$/gm)).toEqual([
      '$CATEGORY: $course$/top/Aclaraciones // Anexo',
      '$CATEGORY: $course$/top/Regla 2',
      '$CATEGORY: $course$/top/Regla 5',
      '$CATEGORY: $course$/top/Regla 8',
      '$CATEGORY: $course$/top/Regla 16',
      '$CATEGORY: $course$/top/Regla 17',
    ]);
    expect(gift.body).toContain(
      '::8\\:3::¿Qué se sanciona con \\~, \\=, \\#, \\{, \\} y \\: según la regla 8\\:3? {\n\t=Amonestación \\= tarjeta\n',
    );
    expect(gift.body).toContain('Una exclusión dura dos minutos. {TRUE####Ver 16\\:3.}');
    expect(gift.body).toContain('\t~%50%Cronometrista\n');
    expect(gift.body).not.toContain('Invasión del área');

    const xml = await download(course.id, 'xml');
    expect(xml.filename).toBe('banco-de-preguntas-formacion-de-arbitros-2025.xml');
    expect(xml.contentType).toBe('application/xml; charset=utf-8');
    expect(xml.body.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<quiz>')).toBe(true);
    expect(xml.body.match(/<question type="category">/g)).toHaveLength(6);
    expect(xml.body.match(/<question type="truefalse">/g)).toHaveLength(2);
    expect(xml.body).toContain('<text>$course$/top/Regla 17</text>');
    expect(xml.body).not.toContain('Invasión del área');

    const csv = await download(course.id, 'csv');
    expect(csv.filename).toBe('banco-de-preguntas-formacion-de-arbitros-2025.csv');
    expect(csv.contentType).toBe('text/csv; charset=utf-8');
    expect(csv.body.split('\r\n')[0]).toBe('\ufeffpregunta;a;b;c;d;e;correctas;capitulo;regla;explicacion');
  });

  it('refuses another format with a 400, and answers an unknown course with its 404', async () => {
    const course = await buildCourse(t.ctx);
    for (const query of ['', '?format=pdf', '?format=GIFT']) {
      const response = await call(t.app, { url: `/api/courses/${course.id}/bank/export${query}`, cookie: admin });
      expect(response.statusCode, query).toBe(400);
      expect(response.json().error.code).toBe('BAD_REQUEST');
    }
    const empty = await download(course.id, 'gift');
    expect(empty.body).toMatch(/^\/\/ Banco de preguntas de «Curso \d+» \(0 preguntas\)/);
  });
});

// --- Files that are neither ----------------------------------------------------------------

describe('a file that is not one the bank reads', () => {
  it('is refused with a Spanish 4xx saying why, by the preview and the import alike, and nothing changes', async () => {
    const course = await buildCourse(t.ctx);
    const tooMany = Array.from({ length: BANK_IMPORT_MAX_ROWS + 1 }, (_, i) => `Pregunta ${i} {=Sí ~No}`).join('\n\n');
    const cases: Array<[string, string, string, number, string]> = [
      ['prose in a .txt', 'Este archivo no tiene preguntas ni columnas.\nSólo texto.', 'notas.txt', 400, examMessages.importUnknownFormat],
      [
        'a .gift of only categories and comments',
        '// nada\n$CATEGORY: $course$/top/Regla 1\n',
        'vacio.gift',
        400,
        examMessages.importNoMoodleQuestions,
      ],
      ['a blank .gift', '\n\n', 'vacio.gift', 400, messages.importEmpty],
      [
        'GIFT over the limit',
        `$CATEGORY: Regla 1\n\n${tooMany}`,
        'muchas.gift',
        400,
        examMessages.importTooManyQuestions(BANK_IMPORT_MAX_ROWS),
      ],
      [
        'broken XML',
        '<?xml version="1.0"?>\n<quiz>\n  <question type="truefalse">\n</quiz>\n',
        'roto.xml',
        400,
        examMessages.importXmlUnreadable(4),
      ],
      ['XML that is not a quiz', '<?xml version="1.0"?>\n<rss><channel/></rss>\n', 'feed.xml', 400, examMessages.importXmlNotMoodle],
      [
        'XML with a DOCTYPE',
        '<?xml version="1.0"?>\n<!DOCTYPE quiz [<!ENTITY a "b">]>\n<quiz>&a;</quiz>',
        'quiz.xml',
        400,
        examMessages.importXmlNotMoodle,
      ],
      ['an empty quiz', '<quiz>\n</quiz>', 'quiz.xml', 400, examMessages.importNoMoodleQuestions],
    ];
    for (const [name, content, filename, status, message] of cases) {
      for (const what of ['preview', 'import'] as const) {
        const response = await upload(course.id, what, content, filename);
        expect(response.statusCode, `${name}: ${response.body}`).toBe(status);
        expect(response.json().error.message, name).toBe(message);
      }
    }
    expect(await t.ctx.db.$count(bankQuestion, eq(bankQuestion.courseId, course.id))).toBe(0);
  });
});
