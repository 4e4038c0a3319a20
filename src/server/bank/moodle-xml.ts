// Moodle XML ('Formato Moodle XML'), read and written for the question bank. Read with
// fast-xml-parser, which checks the file is well-formed XML (saying on which line it is not) and,
// with `captureMetaData`, where each element starts: the line of each <question> for the preview.
// A question of type category sets the chapter of the questions after it; multichoice (and the
// all-or-nothing multichoiceset) and truefalse come in; any other type is listed and left out.
// Written with every text as plain_text, so that reading it back gives the texts as they were.
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { examMessages } from '../../shared/messages.ts';
import type { BankQuestion } from '../../shared/schemas/exams.ts';
import { badRequest } from '../errors.ts';
import { isTrueFalse, shareOf } from './gift.ts';
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

const fileError = (message: string) => badRequest(message, { file: message });

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '',
  attributesGroupName: '@',
  // Every value as written: '007' and '8:3' are texts, not numbers.
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: false,
  ignoreDeclaration: true,
  ignorePiTags: true,
  // Character references (&#243;) are decoded only with it; HTML's named ones are decoded later anyway.
  htmlEntities: true,
  captureMetaData: true,
  isArray: (name) => name === 'question' || name === 'answer',
});
// Typed as the wrapper `Symbol`; it is the symbol under which each element has where it starts.
const metadata = XMLParser.getMetaDataSymbol() as unknown as symbol;

type Element = Record<string, unknown> & { '@'?: Record<string, string> };

/** Where an element starts in the file, as the parser kept it. */
const startOf = (element: Element) => (element as Record<symbol, { startIndex?: number } | undefined>)[metadata]?.startIndex ?? 0;

/** The text of an element's <text> child (or of the element itself when it is only text). */
function textOf(element: unknown): string {
  if (element === undefined || element === null) return '';
  if (typeof element === 'string') return element;
  if (Array.isArray(element)) return textOf(element[0]);
  if (typeof element !== 'object') return '';
  const record = element as Record<string, unknown>;
  if ('text' in record) return textOf(record.text);
  return typeof record['#text'] === 'string' ? record['#text'] : '';
}

const formats: Record<string, TextFormat> = { html: 'html', moodle_auto_format: 'moodle', plain_text: 'plain', markdown: 'markdown' };
const formatOf = (element: unknown): TextFormat => formats[(element as Element | undefined)?.['@']?.format ?? ''] ?? 'moodle';
/** An element with a <text> (questiontext, generalfeedback, an answer, its feedback) as plain text. */
const plainOf = (element: unknown) => plainText(textOf(element), formatOf(element));

const asElement = (value: unknown): Element => (value && typeof value === 'object' && !Array.isArray(value) ? (value as Element) : {});

function answersOf(question: Element): Element[] {
  const answers = question.answer;
  return Array.isArray(answers) ? answers.map(asElement) : [];
}

const weightOf = (answer: Element) => {
  const weight = Number(answer['@']?.fraction ?? 0);
  return Number.isFinite(weight) ? weight : 0;
};

function choiceAnswers(question: Element): MoodleAnswer[] {
  return answersOf(question).map((answer) => ({ text: plainOf(answer), weight: weightOf(answer), feedback: plainOf(answer.feedback) }));
}

/** A truefalse question's answers 'true' and 'false' (in that order when they are named otherwise, as Moodle does) as Verdadero and Falso. */
function trueFalseAnswers(question: Element): MoodleAnswer[] {
  const answers = answersOf(question);
  const named = (name: string) => answers.find((answer) => textOf(answer).trim().toLowerCase() === name);
  const right = named('true') ?? answers[0] ?? {};
  const wrong = named('false') ?? answers[1] ?? {};
  const isTrue = weightOf(right) > 0;
  return [
    { text: examMessages.trueOption, weight: isTrue ? 100 : 0, feedback: plainOf(right.feedback) },
    { text: examMessages.falseOption, weight: isTrue ? 0 : 100, feedback: plainOf(wrong.feedback) },
  ];
}

/** The line of a character of `source`, by its index: where each line starts, found once, then looked up. */
function lineFinder(source: string): (index: number) => number {
  const starts = [0];
  for (const match of source.matchAll(/\r\n|\r|\n/g)) starts.push(match.index + match[0].length);
  return (index) => {
    let low = 0;
    let high = starts.length - 1;
    while (low < high) {
      const middle = Math.ceil((low + high) / 2);
      if (starts[middle]! <= index) low = middle;
      else high = middle - 1;
    }
    return low + 1;
  };
}

/** Every question of a Moodle XML file, each with the line of its <question> and the chapter of the category before it; a 400 for a file that is not one. */
export function parseMoodleXml(source: string): MoodleQuestion[] {
  // A DOCTYPE could declare entities; Moodle never writes one.
  if (/<!DOCTYPE/i.test(source)) throw fileError(examMessages.importXmlNotMoodle);
  const valid = XMLValidator.validate(source);
  if (valid !== true) throw fileError(examMessages.importXmlUnreadable(valid.err.line));
  const document = asElement(parser.parse(source));
  if (!('quiz' in document)) throw fileError(examMessages.importXmlNotMoodle);
  const questions = asElement(document.quiz).question;
  const elements = Array.isArray(questions) ? questions.map(asElement) : [];
  const lineAt = lineFinder(source);
  const found: MoodleQuestion[] = [];
  let chapter = '';
  for (const element of elements) {
    const type = element['@']?.type ?? '';
    if (type === 'category') {
      chapter = chapterFromCategory(textOf(asElement(element.category)).trim());
      continue;
    }
    const question: MoodleQuestion = {
      line: lineAt(startOf(element)),
      chapter,
      title: textOf(asElement(element.name)).trim(),
      text: plainOf(element.questiontext),
      generalFeedback: plainOf(element.generalfeedback),
      answers: [],
      problem: null,
    };
    if (type === 'multichoice' || type === 'multichoiceset') found.push({ ...question, answers: choiceAnswers(element) });
    else if (type === 'truefalse') found.push({ ...question, answers: trueFalseAnswers(element) });
    else found.push({ ...question, problem: examMessages.importMoodleKind(moodleKind(type)) });
  }
  return found;
}

// --- Exportar --------------------------------------------------------------------------------

const entities: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', '\r': '&#13;' };
/** A text as XML content: its markup characters escaped, and no control character XML cannot hold. */
const escapeXml = (text: string) =>
  text
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '')
    .replace(/[&<>"\r]/g, (char) => entities[char]!);

const textElement = (name: string, text: string, indent: string) =>
  `${indent}<${name} format="plain_text">\n${indent}  <text>${escapeXml(text)}</text>\n${indent}</${name}>`;

function xmlQuestion(question: BankQuestion): string {
  const trueFalse = isTrueFalse(question);
  const several = question.correct.length > 1;
  const lines = [
    `  <question type="${trueFalse ? 'truefalse' : 'multichoice'}">`,
    `    <name>\n      <text>${escapeXml(titleFromRule(question.rule))}</text>\n    </name>`,
    textElement('questiontext', question.text, '    '),
    textElement('generalfeedback', question.explanation, '    '),
    '    <defaultgrade>1</defaultgrade>',
    `    <penalty>${trueFalse ? '1' : '0.3333333'}</penalty>`,
    '    <hidden>0</hidden>',
  ];
  if (trueFalse) {
    const isTrue = question.correct[0] === 0;
    for (const [text, right] of [
      ['true', isTrue],
      ['false', !isTrue],
    ] as const) {
      lines.push(
        `    <answer fraction="${right ? 100 : 0}" format="moodle_auto_format">`,
        `      <text>${text}</text>`,
        `      <feedback format="plain_text">\n        <text></text>\n      </feedback>`,
        '    </answer>',
      );
    }
  } else {
    lines.push(
      `    <single>${several ? 'false' : 'true'}</single>`,
      '    <shuffleanswers>true</shuffleanswers>',
      '    <answernumbering>abc</answernumbering>',
    );
    question.options.forEach((option, index) => {
      const right = question.correct.includes(index);
      // Several right options share 100 %; the wrong ones then take it all away, as in Moodle's examples.
      const fraction = several ? (right ? shareOf(question.correct.length) : -100) : right ? 100 : 0;
      lines.push(
        `    <answer fraction="${fraction}" format="plain_text">`,
        `      <text>${escapeXml(option)}</text>`,
        `      <feedback format="plain_text">\n        <text></text>\n      </feedback>`,
        '    </answer>',
      );
    });
  }
  lines.push('  </question>');
  return lines.join('\n');
}

/** The questions (by chapter, as the bank lists them) as a Moodle XML file, a category before each chapter's questions. */
export function writeMoodleXml(questions: BankQuestion[], header: string): string {
  // A comment cannot hold '--'.
  const parts = ['<?xml version="1.0" encoding="UTF-8"?>', '<quiz>', `<!-- ${escapeXml(header).replace(/-{2,}/g, '-')} -->`];
  let chapter: string | null = null;
  for (const question of questions) {
    if (question.chapter !== chapter) {
      chapter = question.chapter;
      parts.push(
        '  <question type="category">',
        `    <category>\n      <text>${escapeXml(categoryFromChapter(chapter))}</text>\n    </category>`,
        '    <info format="moodle_auto_format">\n      <text></text>\n    </info>',
        '  </question>',
      );
    }
    parts.push(xmlQuestion(question));
  }
  parts.push('</quiz>');
  return `${parts.join('\n')}\n`;
}
