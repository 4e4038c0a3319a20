// 'Exportar': a course's active questions, by chapter as the bank lists them, as a file to
// download: CSV with the import's own columns (as Excel in Spanish opens it), GIFT or Moodle XML
// with a category per chapter, which 'Importar preguntas' (and Moodle) read back.
import { examMessages } from '../../shared/messages.ts';
import { OPTION_LETTERS, type BankExportFormat, type BankQuestion } from '../../shared/schemas/exams.ts';
import { findCourse } from '../courses/service.ts';
import type { Db } from '../db/client.ts';
import { csvDocument, fileSlug } from '../files/csv-out.ts';
import { writeGift } from './gift.ts';
import { writeMoodleXml } from './moodle-xml.ts';
import { listBank } from './read.ts';

function bankCsv(questions: BankQuestion[]): string {
  const header = ['pregunta', ...OPTION_LETTERS, 'correctas', 'capitulo', 'regla', 'explicacion'];
  const rows = questions.map((q) => [
    q.text,
    ...OPTION_LETTERS.map((_, index) => q.options[index] ?? ''),
    q.correct.map((index) => OPTION_LETTERS[index]).join(','),
    q.chapter,
    q.rule,
    q.explanation,
  ]);
  return csvDocument([header, ...rows]);
}

/**
 * GIFT goes out as .gift.txt: Moodle's import takes GIFT only from a file of plain text (.txt),
 * and the name still says what it is.
 */
const files: Record<BankExportFormat, { extension: string; contentType: string }> = {
  csv: { extension: 'csv', contentType: 'text/csv; charset=utf-8' },
  gift: { extension: 'gift.txt', contentType: 'text/plain; charset=utf-8' },
  xml: { extension: 'xml', contentType: 'application/xml; charset=utf-8' },
};

/** The course's active questions in `format`, with the file's name and content type. */
export async function exportBank(db: Db, courseId: string, format: BankExportFormat) {
  const course = await findCourse(db, courseId);
  const { questions } = await listBank(db, courseId, {});
  const header = examMessages.exportHeader(course.name, questions.length);
  const body = format === 'csv' ? bankCsv(questions) : format === 'gift' ? writeGift(questions, header) : writeMoodleXml(questions, header);
  const { extension, contentType } = files[format];
  return { filename: `banco-de-preguntas-${fileSlug(course.name, 'curso')}.${extension}`, contentType, body };
}
