// The course record ('Acta del curso') as a PDF for the federation: the course, its classes, what
// it asks, one table row per trainee (continued on further pages under the same heading), the
// counts, and who closed it and when. A4, landscape when the table needs the width.
import { rgb, type PDFDocument, type PDFPage } from 'pdf-lib';
import type { RecordRow } from '../../shared/approval-rules.ts';
import { A4, createPdf, ink, MARGIN, muted, pdfBytes, rule, text, wrap, type Face, type PdfFonts } from '../files/pdf.ts';
import {
  cellNote,
  cellOf,
  classesText,
  countsText,
  dayInWords,
  failsFor,
  outcomeText,
  recordColumns,
  recordTitle,
  rectifiesText,
  type RecordColumn,
  type RecordDocument,
} from './document.ts';

const DRAFT_BANNER = 'BORRADOR — el acta no está cerrada';
const draftRed = rgb(0.7, 0.11, 0.11);
const headingFill = rgb(0.92, 0.93, 0.95);
const stripeFill = rgb(0.97, 0.97, 0.98);

/**
 * The table's type. A course asking more than `WIDE_TABLE` requirements gets the compact one: smaller
 * type, and each row's summary on a line of its own under the row rather than in a column.
 */
const REGULAR = { cell: 8.5, note: 7.5, email: 7, head: 7.5, pad: 4 };
const COMPACT = { cell: 7.5, note: 6.8, email: 6.5, head: 6.5, pad: 3 };
type TableType = typeof REGULAR;
const WIDE_TABLE = 6;
/** Room kept at the foot of every page for its footer line. */
const FOOTER_ROOM = 30;

interface Line {
  text: string;
  font: Face;
  size: number;
  color: ReturnType<typeof rgb>;
}

/** A table column: its width and the lines of a row's cell in it. */
interface TableColumn {
  heading: string;
  width: number;
  lines: (row: RecordRow) => Line[];
}

interface Table {
  type: TableType;
  columns: TableColumn[];
  /** The compact table's summary line under each row (null when the summary is a column). */
  detail: ((row: RecordRow) => Line[]) | null;
}

interface Layout {
  doc: PDFDocument;
  fonts: PdfFonts;
  document: RecordDocument;
  landscape: boolean;
  pages: PDFPage[];
  page: PDFPage;
  /** The baseline of the next thing drawn on the page. */
  y: number;
}

const pageSize = (landscape: boolean): [number, number] => (landscape ? [A4.height, A4.width] : [A4.width, A4.height]);
const usableWidth = (landscape: boolean) => pageSize(landscape)[0] - 2 * MARGIN;

/** Lines of `value` wrapped to `width`, in one face, size and colour. */
function lines(value: string, font: Face, size: number, width: number, color = ink): Line[] {
  return value ? wrap(value, font, size, width).map((line) => ({ text: line, font, size, color })) : [];
}

/** A line's height in the table. */
const leadingOf = (line: Line) => line.size * 1.24;
const linesHeight = (cell: Line[]) => cell.reduce((sum, line) => sum + leadingOf(line), 0);

/**
 * The table: the trainee, one column per requirement, the outcome, and the summary. The requirement
 * columns share what the name, the outcome and a readable summary leave (the page is landscape
 * past two of them); past `WIDE_TABLE` the summary goes under each row.
 */
function buildTable(columns: RecordColumn[], fonts: PdfFonts, landscape: boolean, closed: boolean): Table {
  const compact = columns.length > WIDE_TABLE;
  const type = compact ? COMPACT : REGULAR;
  const available = usableWidth(landscape);
  const nameWidth = compact ? 118 : landscape ? 140 : 125;
  const outcomeWidth = compact ? 46 : 52;
  const summaryWidth = compact ? 0 : 130;
  const requirementWidth = columns.length === 0 ? 0 : Math.min(92, (available - nameWidth - outcomeWidth - summaryWidth) / columns.length);
  const inner = (width: number) => width - 2 * type.pad;
  const table: TableColumn[] = [
    {
      heading: 'Alumno',
      width: nameWidth,
      lines: (row) => [
        ...lines(row.name, fonts.bold, type.cell, inner(nameWidth)),
        ...lines(row.email, fonts.regular, type.email, inner(nameWidth), muted),
      ],
    },
    ...columns.map((column): TableColumn => ({
      heading: column.label,
      width: requirementWidth,
      lines: (row) => {
        const result = cellOf(row, column);
        if (!result) return lines('—', fonts.regular, type.cell, inner(requirementWidth), muted);
        return [
          ...lines(result.result, fonts.regular, type.cell, inner(requirementWidth)),
          ...lines(
            cellNote(result, closed),
            fonts.regular,
            type.note,
            inner(requirementWidth),
            failsFor(result, closed) ? draftRed : muted,
          ),
        ];
      },
    })),
    {
      heading: 'Resultado',
      width: outcomeWidth,
      lines: (row) => lines(outcomeText(row), fonts.bold, type.cell, inner(outcomeWidth), row.outcome === 'no-apto' ? draftRed : ink),
    },
  ];
  const rest = available - table.reduce((sum, column) => sum + column.width, 0);
  if (!compact) {
    table.push({ heading: 'Detalle', width: rest, lines: (row) => lines(row.summary, fonts.regular, type.cell, inner(rest)) });
    return { type, columns: table, detail: null };
  }
  // Under the requirement columns, as wide as they are together.
  const detailWidth = available - nameWidth - 2 * type.pad;
  return { type, columns: table, detail: (row) => lines(row.summary, fonts.regular, type.cell, detailWidth) };
}

/** A new page: the draft's banner on top, and on a page after the first the record's name. */
function addPage(layout: Layout, continued: boolean) {
  const page = layout.doc.addPage(pageSize(layout.landscape));
  layout.pages.push(page);
  layout.page = page;
  layout.y = page.getHeight() - MARGIN;
  const { fonts, document } = layout;
  if (document.number === null) {
    const width = fonts.bold.widthOfTextAtSize(DRAFT_BANNER, 10) + 16;
    page.drawRectangle({ x: MARGIN, y: layout.y - 5, width, height: 17, borderColor: draftRed, borderWidth: 1 });
    text(page, DRAFT_BANNER, MARGIN + 8, layout.y, { font: fonts.bold, size: 10, color: draftRed });
    layout.y -= 26;
  }
  if (continued) {
    const running = `Acta del curso · ${document.courseName} · ${recordTitle(document)}`;
    const [first] = wrap(running, fonts.regular, 9, usableWidth(layout.landscape));
    text(page, first!, MARGIN, layout.y, { font: fonts.regular, size: 9, color: muted });
    layout.y -= 18;
  }
}

/** Moves to a new page when `height` does not fit above the footer; true when it did. */
function ensureRoom(layout: Layout, height: number): boolean {
  if (layout.y - height >= MARGIN + FOOTER_ROOM) return false;
  addPage(layout, true);
  return true;
}

/** The first page's top: title, number, course, classes, what it corrects, and the requirements in words. */
function drawHeading(layout: Layout, columns: RecordColumn[]) {
  const { page, fonts, document } = layout;
  const width = usableWidth(layout.landscape);
  text(page, 'Acta del curso', MARGIN, layout.y - 14, { font: fonts.bold, size: 20 });
  const title = recordTitle(document);
  const titleWidth = fonts.bold.widthOfTextAtSize(title, 13);
  text(page, title, MARGIN + width - titleWidth, layout.y - 12, {
    font: fonts.bold,
    size: 13,
    color: document.number === null ? draftRed : ink,
  });
  layout.y -= 38;
  for (const line of wrap(document.courseName, fonts.bold, 14, width)) {
    text(page, line, MARGIN, layout.y, { font: fonts.bold, size: 14 });
    layout.y -= 18;
  }
  text(page, classesText(document), MARGIN, layout.y, { font: fonts.regular, size: 10, color: muted });
  layout.y -= 14;
  if (document.rectifies) {
    text(page, rectifiesText(document.rectifies), MARGIN, layout.y, { font: fonts.bold, size: 10 });
    layout.y -= 14;
  }
  layout.y -= 8;
  text(page, 'Requisitos de aprobación', MARGIN, layout.y, { font: fonts.bold, size: 11 });
  layout.y -= 15;
  const asked = columns.length > 0 ? columns.map((column) => column.words) : ['Sin requisitos: todos los alumnos son aptos.'];
  for (const words of asked) {
    wrap(words, fonts.regular, 9.5, width - 12).forEach((line, index) => {
      if (index === 0) text(page, '•', MARGIN + 2, layout.y, { font: fonts.regular, size: 9.5 });
      text(page, line, MARGIN + 12, layout.y, { font: fonts.regular, size: 9.5 });
      layout.y -= 12.5;
    });
  }
  layout.y -= 10;
}

const widthOf = (table: Table) => table.columns.reduce((sum, column) => sum + column.width, 0);

/** The row of headings, on every page the table runs on. */
function drawTableHead(layout: Layout, table: Table) {
  const { fonts } = layout;
  const { pad, head } = table.type;
  const cells = table.columns.map((column) => lines(column.heading, fonts.bold, head, column.width - 2 * pad));
  const height = Math.max(...cells.map(linesHeight)) + 2 * pad;
  const top = layout.y;
  layout.page.drawRectangle({ x: MARGIN, y: top - height, width: widthOf(table), height, color: headingFill });
  let x = MARGIN;
  table.columns.forEach((column, index) => {
    let baseline = top - pad - head + 1;
    for (const line of cells[index]!) {
      text(layout.page, line.text, x + pad, baseline, { font: line.font, size: line.size });
      baseline -= leadingOf(line);
    }
    x += column.width;
  });
  const bottom = { start: { x: MARGIN, y: top - height }, end: { x: MARGIN + widthOf(table), y: top - height } };
  layout.page.drawLine({ ...bottom, thickness: 0.8, color: muted });
  layout.y = top - height;
}

/** Lines from `top` down, starting at `x`; the baseline after the last one. */
function drawLines(page: PDFPage, cell: Line[], x: number, top: number) {
  let baseline = top - (cell[0]?.size ?? 0) + 1;
  for (const line of cell) {
    text(page, line.text, x, baseline, { font: line.font, size: line.size, color: line.color });
    baseline -= leadingOf(line);
  }
}

/** One trainee's row (with the compact table's summary under it); a row never splits across pages. */
function drawRow(layout: Layout, table: Table, row: RecordRow, index: number) {
  const { pad } = table.type;
  const cells = table.columns.map((column) => column.lines(row));
  const detail = table.detail?.(row) ?? [];
  const cellsHeight = Math.max(...cells.map(linesHeight)) + 2 * pad;
  const height = cellsHeight + (detail.length > 0 ? linesHeight(detail) + pad : 0);
  if (ensureRoom(layout, height)) drawTableHead(layout, table);
  const top = layout.y;
  if (index % 2 === 1) layout.page.drawRectangle({ x: MARGIN, y: top - height, width: widthOf(table), height, color: stripeFill });
  let x = MARGIN;
  table.columns.forEach((column, c) => {
    drawLines(layout.page, cells[c]!, x + pad, top - pad);
    x += column.width;
  });
  drawLines(layout.page, detail, MARGIN + table.columns[0]!.width + pad, top - cellsHeight);
  const bottom = { start: { x: MARGIN, y: top - height }, end: { x: MARGIN + widthOf(table), y: top - height } };
  layout.page.drawLine({ ...bottom, thickness: 0.5, color: rule });
  layout.y = top - height;
}

/** After the table: the counts, who closed it and when, and room to sign. */
function drawClosing(layout: Layout) {
  const { fonts, document } = layout;
  ensureRoom(layout, 110);
  layout.y -= 20;
  text(layout.page, countsText(document.rows), MARGIN, layout.y, { font: fonts.bold, size: 11 });
  layout.y -= 24;
  const draft = document.number === null;
  text(layout.page, `Instructor: ${document.instructorName}`, MARGIN, layout.y, { font: fonts.regular, size: 10 });
  layout.y -= 14;
  const day = dayInWords(document.day);
  text(layout.page, draft ? `Fecha: ${day} (borrador, sin cerrar)` : `Fecha de cierre: ${day}`, MARGIN, layout.y, {
    font: fonts.regular,
    size: 10,
  });
  if (draft) return;
  layout.y -= 40;
  layout.page.drawLine({ start: { x: MARGIN, y: layout.y }, end: { x: MARGIN + 200, y: layout.y }, thickness: 0.6, color: ink });
  layout.y -= 12;
  text(layout.page, 'Firma del instructor', MARGIN, layout.y, { font: fonts.regular, size: 8.5, color: muted });
}

/** Every page's foot: the record and the course on the left, 'Página 2 de 3' on the right. */
function drawFooters(layout: Layout) {
  const { fonts, document, pages } = layout;
  const width = usableWidth(layout.landscape);
  pages.forEach((page, index) => {
    const numbering = `Página ${index + 1} de ${pages.length}`;
    const numberingWidth = fonts.regular.widthOfTextAtSize(numbering, 8);
    page.drawLine({ start: { x: MARGIN, y: MARGIN + 12 }, end: { x: MARGIN + width, y: MARGIN + 12 }, thickness: 0.5, color: rule });
    const [left] = wrap(`${recordTitle(document)} · ${document.courseName}`, fonts.regular, 8, width - numberingWidth - 24);
    text(page, left!, MARGIN, MARGIN, { font: fonts.regular, size: 8, color: muted });
    text(page, numbering, MARGIN + width - numberingWidth, MARGIN, { font: fonts.regular, size: 8, color: muted });
  });
}

/** The record's PDF. The same document always gives the same bytes (its dates come from the document). */
export async function recordPdf(document: RecordDocument): Promise<Buffer> {
  const { doc, fonts } = await createPdf(
    {
      title: `Acta del curso: ${document.courseName} (${recordTitle(document)})`,
      author: document.instructorName,
      created: document.created,
    },
    // Every value it prints, for the fonts its names need.
    JSON.stringify(document),
  );
  const columns = recordColumns(document);
  const landscape = columns.length > 2;
  const layout: Layout = { doc, fonts, document, landscape, pages: [], page: undefined as unknown as PDFPage, y: 0 };
  addPage(layout, false);
  drawHeading(layout, columns);
  const table = buildTable(columns, fonts, landscape, document.number !== null);
  ensureRoom(layout, 60);
  drawTableHead(layout, table);
  if (document.rows.length === 0) {
    const { cell, pad } = table.type;
    text(layout.page, 'No hay alumnos en el curso.', MARGIN + pad, layout.y - pad - cell, {
      font: fonts.regular,
      size: cell,
      color: muted,
    });
    layout.y -= cell * 1.24 + 2 * pad;
  }
  document.rows.forEach((row, index) => drawRow(layout, table, row, index));
  drawClosing(layout);
  drawFooters(layout);
  return pdfBytes(doc);
}
