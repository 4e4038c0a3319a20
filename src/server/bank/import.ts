// 'Importar preguntas': a CSV (as Excel saves it) or JSON file of questions, or Moodle's GIFT or
// XML (gift.ts, moodle-xml.ts), checked row by row (question by question), then written in one
// transaction. The spreadsheet's columns: pregunta, a … e, correctas, capitulo, regla,
// explicacion; the edition of the rules comes from the form, for every row.
import { eq } from 'drizzle-orm';
import { safeParse } from 'zod/v4/core';
import { examMessages, messages } from '../../shared/messages.ts';
import {
  BANK_IMPORT_MAX_ROWS,
  OPTION_LETTERS,
  bankQuestionInputSchema,
  type BankFileFormat,
  type BankImportPreview,
  type BankImportResult,
  type BankImportRow,
  type BankQuestionInput,
} from '../../shared/schemas/exams.ts';
import { findCourse } from '../courses/service.ts';
import type { Db, Tx } from '../db/client.ts';
import { bankQuestion, course } from '../db/schema.ts';
import { AppError, badRequest } from '../errors.ts';
import { decodeNonEmpty, foldHeader, parseCsvText } from '../files/csv.ts';
import { looksLikeGift, parseGift } from './gift.ts';
import { moodleRow } from './moodle.ts';
import { parseMoodleXml } from './moodle-xml.ts';
import { activeTexts, sameText } from './read.ts';
import { assertRoomFor, bankQuestionValues, createdInOrder } from './service.ts';

/** A row as the file gives it, before any check. */
export interface BankFileRow {
  line: number;
  text: string;
  /** The cells a … e, '' where empty. */
  options: string[];
  correct: string;
  chapter: string;
  rule: string;
  explanation: string;
  /** A JSON item that is not an object. */
  problem?: string;
}

const notText = () => new AppError('UNSUPPORTED_MEDIA_TYPE', examMessages.importNotText, { file: examMessages.importNotText });
const fileError = (message: string) => badRequest(message, { file: message });

type Field = 'text' | 'a' | 'b' | 'c' | 'd' | 'e' | 'correct' | 'chapter' | 'rule' | 'explanation';

/** The file's column titles, folded (foldHeader), and the field each names. */
const headers = new Map<string, Field>([
  ['pregunta', 'text'],
  ['a', 'a'],
  ['b', 'b'],
  ['c', 'c'],
  ['d', 'd'],
  ['e', 'e'],
  ['correctas', 'correct'],
  ['correcta', 'correct'],
  ['capitulo', 'chapter'],
  ['regla', 'rule'],
  ['explicacion', 'explanation'],
]);
const required: Field[] = ['text', 'a', 'b', 'correct', 'chapter'];

const rowOf = (line: number, cell: (field: Field) => string): BankFileRow => ({
  line,
  text: cell('text'),
  options: OPTION_LETTERS.map((letter) => cell(letter)),
  correct: cell('correct'),
  chapter: cell('chapter'),
  rule: cell('rule'),
  explanation: cell('explanation'),
});

function csvRows(text: string): BankFileRow[] {
  const [header, ...body] = parseCsvText(text);
  const columns = new Map<Field, number>();
  header?.cells.forEach((title, index) => {
    const field = headers.get(foldHeader(title));
    if (field && !columns.has(field)) columns.set(field, index);
  });
  if (required.some((field) => !columns.has(field))) throw fileError(examMessages.importColumns);
  return (
    body
      // A row Excel saved with only separators (';;;;') is a blank line.
      .filter(({ cells }) => cells.some((cell) => cell.trim() !== ''))
      .map(({ line, cells }) =>
        rowOf(line, (field) => {
          const index = columns.get(field);
          return index === undefined ? '' : (cells[index] ?? '').trim();
        }),
      )
  );
}

/** A JSON value as a cell: text as it is, numbers as text, a list (the right letters) joined with commas. */
function cellOf(value: unknown): string {
  const text =
    typeof value === 'string'
      ? value
      : typeof value === 'number' || typeof value === 'boolean'
        ? String(value)
        : Array.isArray(value)
          ? value.filter((item) => typeof item === 'string' || typeof item === 'number').join(',')
          : '';
  if (text.includes('\u0000')) throw fileError(messages.nulByte);
  return text.trim();
}

function jsonRows(text: string): BankFileRow[] {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    throw fileError(examMessages.importNotJson);
  }
  if (!Array.isArray(data)) throw fileError(examMessages.importNotJson);
  return data.map((item: unknown, index) => {
    const line = index + 1;
    if (item === null || typeof item !== 'object' || Array.isArray(item))
      return { ...rowOf(line, () => ''), problem: examMessages.importJsonRow };
    const fields = new Map<Field, unknown>();
    for (const [key, value] of Object.entries(item)) {
      const field = headers.get(foldHeader(key));
      if (field && !fields.has(field)) fields.set(field, value);
    }
    return rowOf(line, (field) => cellOf(fields.get(field)));
  });
}

/** Whether the first line of the text names the spreadsheet's required columns. */
function hasColumns(text: string): boolean {
  const first = text.split(/\r\n|\r|\n/).find((line) => line.trim() !== '') ?? '';
  const fields = new Set(first.split(/[;,\t]/).map((title) => headers.get(foldHeader(title.replace(/"/g, '')))));
  return required.every((field) => fields.has(field));
}

/**
 * What the file is, by its name and its start: XML starts with '<' (or is named .xml), GIFT is
 * named .gift or starts with a format such as [html], JSON starts with [ or {, a .csv is CSV.
 * Any other (.txt, as Moodle saves GIFT, or no extension): CSV when its first line has the
 * columns, GIFT when it has a category, a title or answers in braces; else null.
 */
export function detectFormat(filename: string, text: string): BankFileFormat | null {
  const extension = /\.([a-z\d]+)$/i.exec(filename)?.[1]?.toLowerCase() ?? '';
  const start = text.trimStart();
  if (extension === 'xml' || start.startsWith('<')) return 'xml';
  if (extension === 'gift' || /^\[(?:html|moodle|plain|markdown)\]/i.test(start)) return 'gift';
  if (extension === 'json' || /^[[{]/.test(start)) return 'json';
  if (extension === 'csv' || hasColumns(text)) return 'csv';
  return looksLikeGift(text) ? 'gift' : null;
}

/** The rows of an import file and how it was read, or a Spanish 4xx saying why it cannot be read. */
export function parseBankFile(bytes: Uint8Array, filename = ''): { rows: BankFileRow[]; format: BankFileFormat } {
  const text = decodeNonEmpty(bytes, notText);
  const format = detectFormat(filename, text);
  if (format === null) throw fileError(examMessages.importUnknownFormat);
  const moodle = format === 'gift' || format === 'xml';
  const rows =
    format === 'json'
      ? jsonRows(text)
      : format === 'csv'
        ? csvRows(text)
        : (format === 'gift' ? parseGift(text) : parseMoodleXml(text)).map(moodleRow);
  if (rows.length === 0) throw fileError(moodle ? examMessages.importNoMoodleQuestions : examMessages.importNoQuestions);
  if (rows.length > BANK_IMPORT_MAX_ROWS) throw fileError(examMessages.importTooManyQuestions(BANK_IMPORT_MAX_ROWS));
  return { rows, format };
}

/** GIFT's and XML's rows are the questions by the line each starts on; a spreadsheet's, its rows. */
const byLine = (format: BankFileFormat) => format === 'gift' || format === 'xml';

/** The right options of 'correctas' ('a,c', 'a; c', 'AC', ['a', 'c']) by index, or the problem with them. */
function readLetters(text: string, optionCount: number): { correct: number[] } | { problem: string } {
  const letters = text.toLowerCase().replace(/[\s,;/+.-]/g, '');
  if (letters === '') return { problem: examMessages.importMissingCorrect };
  const correct: number[] = [];
  for (const letter of letters) {
    const index = (OPTION_LETTERS as readonly string[]).indexOf(letter);
    if (index < 0) return { problem: examMessages.importLetterInvalid(letter) };
    if (index >= optionCount) return { problem: examMessages.importLetterNotOption(letter) };
    if (!correct.includes(index)) correct.push(index);
  }
  return { correct: correct.sort((a, b) => a - b) };
}

/** The schema's first complaint, naming the field when the schema's text does not. */
function schemaProblem(issues: readonly { path: PropertyKey[]; message: string }[]): string {
  const [issue] = issues;
  if (!issue) return messages.badRequest;
  if (issue.message === examMessages.requiredField) {
    if (issue.path[0] === 'text') return examMessages.importMissingText;
    if (issue.path[0] === 'chapter') return examMessages.importMissingChapter;
  }
  return issue.message;
}

/** One row on its own: its options without gaps, its right letters, and the question's schema. */
function checkRow(row: BankFileRow, edition: number): { input: BankQuestionInput | null; problem: string | null; correct: string } {
  const failed = (problem: string, correct = row.correct) => ({ input: null, problem, correct });
  if (row.problem) return failed(row.problem);
  if (row.text === '') return failed(examMessages.importMissingText);
  const given = row.options.findLastIndex((option) => option !== '') + 1;
  const options = row.options.slice(0, given);
  if (options.length < 2) return failed(examMessages.optionsMin);
  const gap = options.findIndex((option) => option === '');
  if (gap >= 0) return failed(examMessages.importOptionGap(OPTION_LETTERS[gap]!));
  const letters = readLetters(row.correct, options.length);
  if ('problem' in letters) return failed(letters.problem);
  const correct = letters.correct.map((index) => OPTION_LETTERS[index]).join(',');
  const parsed = safeParse(bankQuestionInputSchema, { ...row, options, correct: letters.correct, edition });
  if (!parsed.success) return failed(schemaProblem(parsed.error.issues), correct);
  return { input: parsed.data, problem: null, correct };
}

interface CheckedRow {
  row: BankImportRow;
  input: BankQuestionInput | null;
}

/** Every row with its problem: its own, a question repeated in the file, or one already active in the course's bank. */
async function checkRows(db: Db | Tx, courseId: string, source: BankFile, edition: number): Promise<CheckedRow[]> {
  const { rows, format } = source;
  const repeated = byLine(format) ? examMessages.importRepeatedLine : examMessages.importRepeated;
  const inBank = await activeTexts(db, courseId);
  const firstLineOf = new Map<string, number>();
  return rows.map((file) => {
    const checked = checkRow(file, edition);
    const key = sameText(file.text);
    let problem = checked.problem;
    if (problem === null && firstLineOf.has(key)) problem = repeated(firstLineOf.get(key)!);
    else if (problem === null && inBank.has(key)) problem = examMessages.importInBank;
    if (checked.problem === null && !firstLineOf.has(key)) firstLineOf.set(key, file.line);
    const row: BankImportRow = {
      line: file.line,
      text: file.text,
      options: file.options.slice(0, file.options.findLastIndex((option) => option !== '') + 1),
      correct: checked.correct,
      chapter: file.chapter,
      rule: file.rule,
      explanation: file.explanation,
      problem,
    };
    return { row, input: problem === null ? checked.input : null };
  });
}

/** An import file as read: its rows and its format. */
export type BankFile = ReturnType<typeof parseBankFile>;

/** What 'Importar' would write, without writing anything. */
export async function previewBankImport(db: Db, courseId: string, file: BankFile, edition: number): Promise<BankImportPreview> {
  await findCourse(db, courseId);
  const checked = await checkRows(db, courseId, file, edition);
  const valid = checked.filter((c) => c.input !== null).length;
  return { rows: checked.map((c) => c.row), valid, invalid: checked.length - valid, format: file.format };
}

const CHUNK = 500;

/** Writes every valid row in one transaction; rows with problems are counted, not written. 400 when no row is valid. */
export async function importBank(db: Db, courseId: string, file: BankFile, edition: number): Promise<BankImportResult> {
  return db.transaction(async (tx) => {
    await findCourse(tx, courseId);
    // Two imports into one course at once take turns, so neither writes what the other just did.
    await tx.select({ id: course.id }).from(course).where(eq(course.id, courseId)).for('update');
    const checked = await checkRows(tx, courseId, file, edition);
    const valid = checked.flatMap((c) => (c.input ? [c.input] : []));
    if (valid.length === 0) throw badRequest(examMessages.importNothingValid);
    await assertRoomFor(tx, courseId, valid.length);
    for (let i = 0; i < valid.length; i += CHUNK) {
      await tx
        .insert(bankQuestion)
        .values(
          valid.slice(i, i + CHUNK).map((input, j) => ({ ...bankQuestionValues(courseId, input), createdAt: createdInOrder(i + j) })),
        );
    }
    const invalid = checked.length - valid.length;
    const message = byLine(file.format) ? examMessages.importedMoodle(valid.length, invalid) : examMessages.imported(valid.length, invalid);
    return { imported: valid.length, invalid, message };
  });
}
