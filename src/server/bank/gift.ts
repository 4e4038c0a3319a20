// Moodle's GIFT format, read and written for the question bank. Read as Moodle's own importer
// reads it (question/format/gift): questions apart by a blank line, whole lines starting with //
// are comments, `$CATEGORY:` sets the category of the questions after it, `::title::`, a
// `[html]`-like format, the answers between { and }, `####` the general feedback, `#` an answer's
// own feedback, `\~ \= \# \{ \} \: \\ \n` escapes. Two things it takes that Moodle's does not
// mind either: a ':' need not be escaped outside the title ('Regla 8:3'), and a '}' before the
// answers is text. Written so that reading it back gives the same questions: every special
// character escaped, line breaks as \n, one category per chapter.
//
// The npm parser `gift-pegjs` was tried and not used: it refuses a question with an unescaped
// ':' in its text (every rule reference, '8:3'), stops at the first such question without
// saying which line the others start on, and reads a true-false question's two feedbacks the
// other way round from Moodle.
import { examMessages } from '../../shared/messages.ts';
import type { BankQuestion } from '../../shared/schemas/exams.ts';
import {
  categoryFromChapter,
  chapterFromCategory,
  moodleKind,
  plainText,
  titleFromRule,
  type MoodleAnswer,
  type MoodleQuestion,
  type TextFormat,
} from './moodle.ts';

const escapable = new Set(['~', '=', '#', '{', '}', ':', '\\']);

/** Where `needle` first starts in `text` from `from`, not counting an escaped character; -1 if nowhere. */
function findUnescaped(text: string, needle: string, from = 0): number {
  for (let i = from; i < text.length; i += 1) {
    if (text[i] === '\\') {
      i += 1;
      continue;
    }
    if (text.startsWith(needle, i)) return i;
  }
  return -1;
}

/** The text with its escapes resolved ('\:' is ':', '\n' a line break); a backslash before anything else stays. */
const unescape = (text: string) =>
  text.replace(/\\([\s\S])/g, (whole, char: string) => (char === 'n' ? '\n' : escapable.has(char) ? char : whole));

/** `text` split where an unescaped `~` or `=` starts an answer: each answer with the mark it starts with. */
function splitAnswers(text: string): Array<{ mark: string; body: string }> {
  const answers: Array<{ mark: string; body: string }> = [];
  let start = 0;
  let mark = '';
  for (let i = 0; i < text.length; i += 1) {
    if (text[i] === '\\') {
      i += 1;
      continue;
    }
    if (text[i] === '~' || text[i] === '=') {
      answers.push({ mark, body: text.slice(start, i) });
      mark = text[i]!;
      start = i + 1;
    }
  }
  answers.push({ mark, body: text.slice(start) });
  // Moodle's importer drops what is before the first mark when it is blank.
  return answers[0]!.body.trim() === '' && answers[0]!.mark === '' ? answers.slice(1) : answers;
}

/** An answer's text and its own feedback (after its first unescaped '#'), both as plain text. */
function withFeedback(body: string, format: TextFormat): { text: string; feedback: string } {
  const hash = findUnescaped(body, '#');
  const text = hash < 0 ? body : body.slice(0, hash);
  const feedback = hash < 0 ? '' : body.slice(hash + 1);
  return { text: plainText(unescape(text), format), feedback: plainText(unescape(feedback), format) };
}

const weightPattern = /^%(-?\d+(?:\.\d+)?)%/;

function choiceAnswers(text: string, format: TextFormat): MoodleAnswer[] {
  return splitAnswers(text).map(({ mark, body }) => {
    let rest = body.trim();
    // '=' is a right answer (100 %); '~' a wrong one unless it starts with a weight, '~%50%'.
    let weight = mark === '=' ? 100 : 0;
    const given = mark === '=' ? null : weightPattern.exec(rest);
    if (given) {
      weight = Number(given[1]);
      rest = rest.slice(given[0].length);
    }
    return { weight, ...withFeedback(rest, format) };
  });
}

/** `{T}`, `{TRUE#wrong answer's feedback#right answer's feedback}`: the bank's options Verdadero and Falso. */
function trueFalseAnswers(text: string, format: TextFormat): MoodleAnswer[] | null {
  const first = findUnescaped(text, '#');
  const token = (first < 0 ? text : text.slice(0, first)).trim().toUpperCase();
  if (!['T', 'TRUE', 'F', 'FALSE'].includes(token)) return null;
  const isTrue = token.startsWith('T');
  const rest = first < 0 ? '' : text.slice(first + 1);
  const second = findUnescaped(rest, '#');
  const wrong = plainText(unescape(second < 0 ? rest : rest.slice(0, second)), format);
  const right = second < 0 ? '' : plainText(unescape(rest.slice(second + 1)), format);
  return [
    { text: examMessages.trueOption, weight: isTrue ? 100 : 0, feedback: isTrue ? right : wrong },
    { text: examMessages.falseOption, weight: isTrue ? 0 : 100, feedback: isTrue ? wrong : right },
  ];
}

const formats: Record<string, TextFormat> = { html: 'html', moodle: 'moodle', plain: 'plain', markdown: 'markdown' };

/** One question: its lines joined (comments already out), starting on line `line`. */
function readQuestion(source: string, line: number, chapter: string): MoodleQuestion {
  const question: MoodleQuestion = { line, chapter, title: '', text: '', generalFeedback: '', answers: [], problem: null };
  let rest = source;
  if (rest.startsWith('::')) {
    const end = findUnescaped(rest, '::', 2);
    if (end < 0) return { ...question, text: plainText(unescape(rest), 'moodle'), problem: examMessages.importGiftTitleOpen };
    question.title = unescape(rest.slice(2, end)).trim();
    rest = rest.slice(end + 2).trimStart();
  }
  let format: TextFormat = 'moodle';
  const marker = /^\[(html|moodle|plain|markdown)\]/i.exec(rest);
  if (marker) {
    format = formats[marker[1]!.toLowerCase()]!;
    rest = rest.slice(marker[0].length);
  }
  const open = findUnescaped(rest, '{');
  if (open < 0)
    return { ...question, text: plainText(unescape(rest), format), problem: examMessages.importMoodleKind(moodleKind('description')) };
  const close = findUnescaped(rest, '}', open + 1);
  const before = rest.slice(0, open);
  if (close < 0) return { ...question, text: plainText(unescape(before), format), problem: examMessages.importGiftAnswersOpen };
  const after = rest.slice(close + 1);
  // Answers in the middle of the text: Moodle's "missing word", the blank written as _____.
  const text = after.trim() === '' ? before : `${before.trimEnd()} _____ ${after.trimStart()}`;
  question.text = plainText(unescape(text), format);
  if (findUnescaped(after, '{') >= 0) return { ...question, problem: examMessages.importGiftSeveralBlocks };

  let inside = rest.slice(open + 1, close);
  const general = findUnescaped(inside, '####');
  if (general >= 0) {
    question.generalFeedback = plainText(unescape(inside.slice(general + 4)), format);
    inside = inside.slice(0, general);
  }
  const answers = inside.trim();
  const skipped = (type: string) => ({ ...question, problem: examMessages.importMoodleKind(moodleKind(type)) });
  if (answers === '') return skipped('essay');
  if (answers.startsWith('#')) return skipped('numerical');
  if (findUnescaped(answers, '~') >= 0) return { ...question, answers: choiceAnswers(answers, format) };
  if (findUnescaped(answers, '=') >= 0 && findUnescaped(answers, '->') >= 0) return skipped('matching');
  const trueFalse = trueFalseAnswers(answers, format);
  if (trueFalse) return { ...question, answers: trueFalse };
  if (findUnescaped(answers, '=') >= 0) return skipped('shortanswer');
  return { ...question, problem: examMessages.importGiftAnswersUnreadable };
}

/** Every question of a GIFT file, in order, each with the line it starts on and the chapter of the category before it. */
export function parseGift(source: string): MoodleQuestion[] {
  const questions: MoodleQuestion[] = [];
  let chapter = '';
  let block: Array<{ line: number; text: string }> = [];
  const flush = () => {
    let lines = block;
    block = [];
    const category = lines[0] && /^\$CATEGORY:(.*)$/i.exec(lines[0].text);
    if (category) {
      chapter = chapterFromCategory(category[1]!.trim());
      lines = lines.slice(1);
    }
    if (lines.length > 0) questions.push(readQuestion(lines.map((l) => l.text).join('\n'), lines[0]!.line, chapter));
  };
  source.split(/\r\n|\r|\n/).forEach((raw, index) => {
    const text = raw.trim();
    if (text === '') flush();
    // A comment line is left out; it does not end the question it is in.
    else if (!text.startsWith('//')) block.push({ line: index + 1, text });
  });
  flush();
  return questions;
}

/** Whether a text file (not named .gift) holds GIFT: a category, a title, or answers between braces. */
export function looksLikeGift(source: string): boolean {
  const lines = source.split(/\r\n|\r|\n/).filter((line) => !line.trim().startsWith('//'));
  if (lines.some((line) => /^\s*(?:\$CATEGORY:|::)/i.test(line))) return true;
  const text = lines.join('\n');
  const open = findUnescaped(text, '{');
  return open >= 0 && findUnescaped(text, '}', open + 1) >= 0;
}

// --- Exportar --------------------------------------------------------------------------------

/** A text as GIFT writes it: every special character escaped, line breaks as \n. */
const escapeGift = (text: string) =>
  text
    .replace(/[\\~=#{}:]/g, (char) => `\\${char}`)
    .replace(/\r/g, '')
    .replace(/\n/g, '\\n');

/** A question whose options are Verdadero and Falso, one of them right: GIFT's {TRUE} or {FALSE}. */
export const isTrueFalse = (question: Pick<BankQuestion, 'options' | 'correct'>) =>
  question.options.length === 2 &&
  question.options[0] === examMessages.trueOption &&
  question.options[1] === examMessages.falseOption &&
  question.correct.length === 1;

/** The weight of each right option when several are: their shares add up to 100 %, as Moodle asks. */
export const shareOf = (rightCount: number) => Number((100 / rightCount).toFixed(5));

function giftQuestion(question: BankQuestion): string {
  const title = titleFromRule(question.rule);
  const texts = [question.text, ...question.options, question.explanation];
  // No format is Moodle's own, where < and & are markup: [plain] keeps them as typed. It also
  // keeps a text starting with // (a comment) or [ (a format) what it is when there is no title.
  const plain = texts.some((text) => /[<&]/.test(text)) || (title === '' && /^(?:\/\/|\[)/.test(question.text));
  const head = `${title ? `::${escapeGift(title)}::` : ''}${plain ? '[plain]' : ''}${escapeGift(question.text)}`;
  const feedback = question.explanation ? `####${escapeGift(question.explanation)}` : '';
  if (isTrueFalse(question)) return `${head} {${question.correct[0] === 0 ? 'TRUE' : 'FALSE'}${feedback}}`;
  const several = question.correct.length > 1;
  const options = question.options.map((option, index) => {
    const right = question.correct.includes(index);
    // An option that itself starts like a weight ('%50%…') gets one written before it.
    const mark = several
      ? `~%${right ? shareOf(question.correct.length) : -100}%`
      : right
        ? '='
        : weightPattern.test(option)
          ? '~%0%'
          : '~';
    return `\t${mark}${escapeGift(option)}`;
  });
  return [`${head} {`, ...options, ...(feedback ? [`\t${feedback}`] : []), '}'].join('\n');
}

/** The questions (by chapter, as the bank lists them) as a GIFT file, a category before each chapter's questions. */
export function writeGift(questions: BankQuestion[], header: string): string {
  const parts = [`// ${header.replace(/[\r\n]+/g, ' ')}`];
  let chapter: string | null = null;
  for (const question of questions) {
    if (question.chapter !== chapter) {
      chapter = question.chapter;
      parts.push(`$CATEGORY: ${categoryFromChapter(chapter)}`);
    }
    parts.push(giftQuestion(question));
  }
  return `${parts.join('\n\n')}\n`;
}
