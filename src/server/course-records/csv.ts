// The course record's CSV: the PDF's table, one line per trainee, as Excel in Spanish opens it.
import { csvDocument, fileSlug } from '../files/csv-out.ts';
import { cellNote, cellOf, outcomeText, recordColumns, type RecordDocument } from './document.ts';

export function recordCsv(document: RecordDocument): string {
  const columns = recordColumns(document);
  const closed = document.number !== null;
  const lines = [['Alumno', 'Email', ...columns.map((column) => column.label), 'Resultado', 'Detalle']];
  for (const row of document.rows) {
    lines.push([
      row.name,
      row.email,
      ...columns.map((column) => {
        const result = cellOf(row, column);
        return result ? [result.result, cellNote(result, closed)].filter(Boolean).join(' ') : '';
      }),
      outcomeText(row),
      row.summary,
    ]);
  }
  return csvDocument(lines);
}

/** 'acta-2-curso-de-arbitros-2026', or 'acta-borrador-…' for the draft. */
export const recordFileName = (document: Pick<RecordDocument, 'number' | 'courseName'>, extension: 'pdf' | 'csv') =>
  `acta-${document.number ?? 'borrador'}-${fileSlug(document.courseName, 'curso')}.${extension}`;
