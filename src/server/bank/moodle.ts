// What GIFT and Moodle XML have in common for the bank: a question as both files give it, the
// text formats Moodle writes (HTML, its own, plain, markdown) as plain text, the category path
// that becomes the chapter, the title that may be the rule, and how such a question becomes a
// row of 'Importar preguntas' (or the reason it cannot).
import { decodeHTML } from 'entities';
import { examMessages } from '../../shared/messages.ts';
import { OPTION_LETTERS, OPTIONS_MAX } from '../../shared/schemas/exams.ts';
import type { BankFileRow } from './import.ts';

/** How a text of the file is written: Moodle's names in GIFT (`[html]`) and XML (`format="html"`). */
export type TextFormat = 'moodle' | 'html' | 'plain' | 'markdown';

export interface MoodleAnswer {
  text: string;
  /** Moodle's grade for choosing it, in percent: above 0 is a right option. */
  weight: number;
  feedback: string;
}

/** One question of a GIFT or XML file, its texts already plain. */
export interface MoodleQuestion {
  /** Where it starts in the file: GIFT, its first line; XML, the line of its <question>. */
  line: number;
  /** The last category before it, as a chapter ('' when none). */
  chapter: string;
  title: string;
  text: string;
  generalFeedback: string;
  answers: MoodleAnswer[];
  /** Why it cannot come into the bank (another kind of question, a broken one), or null. */
  problem: string | null;
}

// A tag ends before the next '<': each '<' is looked at once, however the text is written.
const tag = /<[a-zA-Z/!?][^<>]*>/;
const entity = /&(?:#\d+|#x[\da-fA-F]+|[a-zA-Z][a-zA-Z\d]*);/;

/** The text without its HTML comments (one left open runs to the end, as in a browser). */
function withoutComments(html: string): string {
  let text = '';
  let from = 0;
  for (let open = html.indexOf('<!--'); open >= 0; open = html.indexOf('<!--', from)) {
    text += html.slice(from, open);
    const close = html.indexOf('-->', open + 4);
    from = close < 0 ? html.length : close + 3;
  }
  return text + html.slice(from);
}

/** Tags out (line breaks and block ends as new lines), entities decoded, each line's spaces tidied. */
function markupToText(html: string, collapseWhitespace: boolean): string {
  let text = withoutComments(html);
  // In HTML a line break in the source is a space; in Moodle's own format it is a line break.
  if (collapseWhitespace) text = text.replace(/\s+/g, ' ');
  text = text
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<li\b[^>]*>/gi, '\n- ')
    .replace(/<\/li\s*>/gi, '')
    .replace(/<\/?(?:p|div|h[1-6]|ul|ol|tr|table|blockquote|pre)\b[^>]*>/gi, '\n')
    .replace(new RegExp(tag.source, 'g'), '');
  return decodeHTML(text)
    .replace(/\u00a0/g, ' ')
    .split('\n')
    .map((line) => line.replace(/[ \t]+/g, ' ').trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/**
 * A text of the file as the bank keeps it, plain: HTML's tags and entities out; Moodle's own
 * format (HTML allowed, line breaks kept) the same when it has any markup, else as written;
 * plain text and markdown as written.
 */
export function plainText(text: string, format: TextFormat): string {
  if (format === 'html') return markupToText(text, true);
  if (format === 'moodle' && (tag.test(text) || entity.test(text))) return markupToText(text, false);
  return text.trim();
}

/**
 * A question's title is kept as its rule when it looks like one: a reference such as '8:3',
 * '16:3 b', 'Regla 8' or 'Aclaración 3', of at most 40 characters; or anything after 'Regla:'
 * (how the export writes a rule that does not look like one). Other titles ('Pregunta 12', the
 * start of the question, as Moodle names them) are not rules and are left out.
 */
export function ruleFromTitle(title: string): string {
  const written = /^regla:\s*(.*)$/is.exec(title.trim());
  if (written) return written[1]!.trim();
  return looksLikeRule(title.trim()) ? title.trim() : '';
}

const ruleLike = /^(?:(?:regla|aclaraci[oó]n)\s+\d|\d{1,2}(?::\d{1,2})?[a-z]?(?:\s|$))/i;
const looksLikeRule = (text: string) => text.length <= 40 && ruleLike.test(text);

/** The title the export gives a rule, so that `ruleFromTitle` reads it back as it is ('' for none). */
export function titleFromRule(rule: string): string {
  if (rule === '') return '';
  return looksLikeRule(rule) ? rule : `Regla: ${rule}`;
}

/**
 * The chapter of a category path ('$course$/top/Reglamento/Regla 8' → 'Regla 8'): its last part,
 * '//' standing for a '/' of a name, as Moodle writes them. Moodle's own roots ('top',
 * '$course$') are no chapter.
 */
export function chapterFromCategory(path: string): string {
  const parts = path.split(/(?<!\/)\/(?!\/)/).map((part) => part.replaceAll('//', '/').trim());
  const last = parts.filter((part) => part !== '').at(-1) ?? '';
  return /^(?:top|\$[a-z\d]+\$)$/i.test(last) ? '' : last;
}

/** The category path the export writes for a chapter, which Moodle makes a category of the course. */
export const categoryFromChapter = (chapter: string) => `$course$/top/${chapter.replaceAll('/', '//')}`;

/**
 * The explanation of an imported question: the general feedback, then each option's own feedback
 * on a line of its own ('a) …'), so none is lost and the text reads the same after a round trip.
 */
export function foldFeedback(general: string, answers: MoodleAnswer[]): string {
  const perOption = answers.flatMap((answer, index) => (answer.feedback ? [`${OPTION_LETTERS[index]}) ${answer.feedback}`] : []));
  return [general, perOption.join('\n')].filter((part) => part !== '').join('\n\n');
}

/** A question of the file as a row of the import: its options, right letters and explanation, or why it cannot come in. */
export function moodleRow(question: MoodleQuestion): BankFileRow {
  const { line, chapter, text, answers } = question;
  const rule = ruleFromTitle(question.title);
  const row = { line, text, options: [] as string[], correct: '', chapter, rule, explanation: '' };
  if (question.problem) return { ...row, problem: question.problem };
  if (answers.length > OPTIONS_MAX) return { ...row, problem: examMessages.importMoodleTooManyOptions(answers.length, OPTIONS_MAX) };
  const options = answers.map((answer) => answer.text);
  const correct = answers.flatMap((answer, index) => (answer.weight > 0 ? [OPTION_LETTERS[index]] : [])).join(',');
  const filled = { ...row, options, correct, explanation: foldFeedback(question.generalFeedback, answers) };
  const empty = options.findIndex((option) => option === '');
  if (empty >= 0) return { ...filled, problem: examMessages.importMoodleEmptyOption(OPTION_LETTERS[empty]!) };
  if (options.length >= 2 && correct === '') return { ...filled, problem: examMessages.importMoodleNoRight };
  if (text !== '' && chapter === '') return { ...filled, problem: examMessages.importMoodleNoCategory };
  return filled;
}

/** The name of a kind of Moodle question for the preview ('emparejamiento'), by its XML type. */
export const moodleKind = (type: string) => examMessages.moodleKinds[type] ?? examMessages.moodleOtherKind(type);
