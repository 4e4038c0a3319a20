// The course record ('Acta del curso') as a PDF for the federation: the course, its classes, what
// it asks, one table row per trainee (continued on further pages under the same heading), the
// counts, and who closed it and when. A4, landscape past two requirements. However many a course
// asks, every word is set whole: each column is at least as wide as its longest word; the headings
// are the requirements' names while they fit, otherwise short ('Examen 3') with a legend
// ('Referencias') under the table on each of its pages; and a course asking more than a page's
// width of them gets the table in parts, each with the trainee's name and outcome.
import { rgb, type PDFDocument, type PDFPage } from 'pdf-lib';
import type { RecordRow } from '../../shared/approval-rules.ts';
import {
  A4,
  createPdf,
  fitText,
  ink,
  MARGIN,
  muted,
  pdfBytes,
  rule,
  text,
  widestPiece,
  wrap,
  type Face,
  type PdfFonts,
} from '../files/pdf.ts';
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
const LEGEND_TITLE = 'Referencias';
const draftRed = rgb(0.7, 0.11, 0.11);
const headingFill = rgb(0.92, 0.93, 0.95);
const stripeFill = rgb(0.97, 0.97, 0.98);

/**
 * The table's type. A course asking more than `WIDE_TABLE` requirements gets the compact one: smaller
 * type, and each row's summary on a line of its own under the row rather than in a column.
 */
const REGULAR = { cell: 8.5, note: 7.5, email: 7, head: 7.5, pad: 4, legend: 7.5 };
const COMPACT = { cell: 7.5, note: 6.8, email: 6.5, head: 6.5, pad: 3, legend: 7 };
type TableType = typeof REGULAR;
const WIDE_TABLE = 6;
/** The widest a requirement column gets, the narrowest the regular table's summary, and the most lines a full heading may take. */
const MAX_REQUIREMENT = 92;
const MIN_SUMMARY = 130;
const HEADING_LINES = 3;
/** Room kept at the foot of every page for its footer line, and between the table and its legend. */
const FOOTER_ROOM = 30;
const LEGEND_GAP = 9;

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

/** The legend's text, placed from its top-left corner (`dy` down to the baseline). */
interface Legend {
  lines: Array<Line & { dx: number; dy: number }>;
  height: number;
}

interface Table {
  type: TableType;
  columns: TableColumn[];
  /** The compact table's summary line under each row (null when the summary is a column, or in a part without it). */
  detail: ((row: RecordRow) => Line[]) | null;
  /** What each short heading stands for, under the table on each of its pages; null when the headings are the names. */
  legend: Legend | null;
  /** 'Resultados, parte 1 de 2' when the table comes in parts. */
  caption: string | null;
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

/** Lines of `value` set within `width`, broken between words, in one face and colour (smaller only if a word needs it). */
function lines(value: string, font: Face, size: number, width: number, color = ink): Line[] {
  if (!value) return [];
  const fitted = fitText(value, font, size, width);
  return fitted.lines.map((line) => ({ text: line, font, size: fitted.size, color }));
}

/** A line's height in the table. */
const leadingOf = (line: Line) => line.size * 1.24;
const linesHeight = (cell: Line[]) => cell.reduce((sum, line) => sum + leadingOf(line), 0);

/** How narrow a requirement column can be without breaking a word of its heading or its cells. */
function measureColumn(column: RecordColumn, rows: RecordRow[], fonts: PdfFonts, type: TableType, closed: boolean) {
  const texts: Array<[string, Face, number]> = [[column.short, fonts.bold, type.head]];
  let widest = 0;
  for (const row of rows) {
    const result = cellOf(row, column);
    texts.push([result?.result ?? '—', fonts.regular, type.cell]);
    // '(no cumple)' is read as one thing: it keeps to one line.
    if (result) widest = Math.max(widest, fonts.regular.widthOfTextAtSize(cellNote(result, closed), type.note));
  }
  return Math.max(widest, ...texts.map(([value, font, size]) => widestPiece(value, font, size))) + 2 * type.pad;
}

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

/**
 * The requirement columns' widths within `room`: all alike when each one's longest word fits that
 * way, otherwise each as wide as its longest word and what is left shared alike.
 */
function columnWidths(mins: number[], room: number): number[] {
  if (mins.length === 0) return [];
  const alike = Math.min(MAX_REQUIREMENT, room / mins.length);
  if (mins.every((min) => min <= alike)) return mins.map(() => alike);
  const extra = Math.max(0, room - sum(mins)) / mins.length;
  return mins.map((min) => min + extra);
}

/** The requirement columns in as few parts as fit `room` each (consecutive, as even as can be). */
function parts(mins: number[], room: number): number[][] {
  const indexes = mins.map((_, i) => i);
  for (let count = 1; count < mins.length; count++) {
    const size = Math.ceil(mins.length / count);
    const groups = Array.from({ length: count }, (_, g) => indexes.slice(g * size, (g + 1) * size)).filter((g) => g.length > 0);
    if (groups.every((group) => sum(group.map((i) => mins[i]!)) <= room)) return groups;
  }
  return indexes.map((i) => [i]);
}

/** Whether every requirement's own name fits as its column's heading: each word whole, in a few lines. */
function namesFit(columns: RecordColumn[], widths: number[], fonts: PdfFonts, type: TableType): boolean {
  return columns.every((column, i) => {
    const inner = widths[i]! - 2 * type.pad;
    const words = column.label.split(/\s+/).filter(Boolean);
    if (words.some((word) => fonts.bold.widthOfTextAtSize(word, type.head) > inner)) return false;
    return wrap(column.label, fonts.bold, type.head, inner).length <= HEADING_LINES;
  });
}

/** The legend set in `perRow` columns, read down each column. */
function legendIn(perRow: number, columns: RecordColumn[], fonts: PdfFonts, size: number, width: number): Legend {
  const gap = 16;
  const columnWidth = (width - gap * (perRow - 1)) / perRow;
  const keyWidth = Math.max(...columns.map((column) => fonts.bold.widthOfTextAtSize(column.short, size))) + 6;
  const leading = size * 1.3;
  const placed: Legend['lines'] = [{ text: LEGEND_TITLE, font: fonts.bold, size, color: ink, dx: 0, dy: size }];
  const perColumn = Math.ceil(columns.length / perRow);
  let height = 0;
  for (let c = 0; c < perRow; c++) {
    const dx = c * (columnWidth + gap);
    let dy = size + leading;
    for (const column of columns.slice(c * perColumn, (c + 1) * perColumn)) {
      placed.push({ text: column.short, font: fonts.bold, size, color: ink, dx, dy });
      const words = lines(column.words, fonts.regular, size, columnWidth - keyWidth, muted);
      words.forEach((line, i) => placed.push({ ...line, dx: dx + keyWidth, dy: dy + i * leading }));
      dy += Math.max(1, words.length) * leading + 1.5;
    }
    height = Math.max(height, dy - leading + size * 0.4);
  }
  return { lines: placed, height };
}

/**
 * The legend: 'Referencias', then each short heading in bold beside the requirement it stands for,
 * in the one to three columns that take the least height (the fewer on a tie).
 */
function buildLegend(columns: RecordColumn[], fonts: PdfFonts, size: number, width: number): Legend {
  const layouts = [1, 2, 3].filter((n) => n <= columns.length).map((n) => legendIn(n, columns, fonts, size, width));
  return layouts.reduce((best, legend) => (legend.height < best.height ? legend : best));
}

/** A requirement's column: the trainee's result, and under it what it lacks ('(falta)', '(no cumple)'). */
function requirementColumn(column: RecordColumn, heading: string, width: number, fonts: PdfFonts, type: TableType, closed: boolean) {
  const inner = width - 2 * type.pad;
  return {
    heading,
    width,
    lines: (row: RecordRow) => {
      const result = cellOf(row, column);
      if (!result) return lines('—', fonts.regular, type.cell, inner, muted);
      const note = cellNote(result, closed);
      return [
        ...lines(result.result, fonts.regular, type.cell, inner),
        ...lines(note, fonts.regular, type.note, inner, failsFor(result, closed) ? draftRed : muted),
      ];
    },
  };
}

/** The first column, the trainee's name and email, and the outcome's. */
function nameColumn(width: number, fonts: PdfFonts, type: TableType): TableColumn {
  const inner = width - 2 * type.pad;
  return {
    heading: 'Alumno',
    width,
    lines: (row) => [...lines(row.name, fonts.bold, type.cell, inner), ...lines(row.email, fonts.regular, type.email, inner, muted)],
  };
}

function outcomeColumn(width: number, fonts: PdfFonts, type: TableType): TableColumn {
  const inner = width - 2 * type.pad;
  return {
    heading: 'Resultado',
    width,
    lines: (row) => lines(outcomeText(row), fonts.bold, type.cell, inner, row.outcome === 'no-apto' ? draftRed : ink),
  };
}

interface TableInput {
  columns: RecordColumn[];
  rows: RecordRow[];
  fonts: PdfFonts;
  landscape: boolean;
  closed: boolean;
}

/** One table (or part of it): the name, the requirement columns given with their widths, and the outcome. */
function assemble(input: TableInput, type: TableType, nameWidth: number, outcomeWidth: number, chosen: RecordColumn[], widths: number[]) {
  const { fonts, landscape, closed } = input;
  // The compact table always has short headings: its columns are narrow and its type small, and the
  // headings repeat on every page; the legend names each requirement in full at a readable size.
  const named = type === REGULAR && namesFit(chosen, widths, fonts, type);
  const table: Table = {
    type,
    columns: [
      nameColumn(nameWidth, fonts, type),
      ...chosen.map((column, i) => requirementColumn(column, named ? column.label : column.short, widths[i]!, fonts, type, closed)),
      outcomeColumn(outcomeWidth, fonts, type),
    ],
    detail: null,
    legend: named ? null : buildLegend(chosen, fonts, type.legend, usableWidth(landscape)),
    caption: null,
  };
  return table;
}

/**
 * The tables: the trainee, one column per requirement, the outcome, and the summary. Up to
 * `WIDE_TABLE` requirements whose columns fit beside a readable summary, the summary is a column;
 * past that the summary goes under each row and the type is smaller; and when even so the
 * columns' longest words do not fit across the page, the requirements come in parts, one table
 * each (the summary under the last one's rows).
 */
function buildTables(input: TableInput): Table[] {
  const { columns, rows, fonts, landscape, closed } = input;
  const available = usableWidth(landscape);
  const regular = columns.map((column) => measureColumn(column, rows, fonts, REGULAR, closed));
  const regularRoom = available - (landscape ? 140 : 125) - 52 - MIN_SUMMARY;
  if (columns.length <= WIDE_TABLE && sum(regular) <= regularRoom) {
    const widths = columnWidths(regular, Math.min(regularRoom, columns.length * MAX_REQUIREMENT));
    const table = assemble(input, REGULAR, landscape ? 140 : 125, 52, columns, widths);
    const rest = available - table.columns.reduce((sum, column) => sum + column.width, 0);
    const inner = rest - 2 * REGULAR.pad;
    table.columns.push({ heading: 'Detalle', width: rest, lines: (row) => lines(row.summary, fonts.regular, REGULAR.cell, inner) });
    return [table];
  }
  const mins = columns.map((column) => measureColumn(column, rows, fonts, COMPACT, closed));
  const [nameWidth, outcomeWidth] = [118, 46];
  const room = available - nameWidth - outcomeWidth;
  const groups = parts(mins, room);
  return groups.map((group, g) => {
    const chosen = group.map((i) => columns[i]!);
    const table = assemble(
      input,
      COMPACT,
      nameWidth,
      outcomeWidth,
      chosen,
      columnWidths(
        group.map((i) => mins[i]!),
        room,
      ),
    );
    if (groups.length > 1) table.caption = `Resultados, parte ${g + 1} de ${groups.length}`;
    if (g === groups.length - 1) {
      // Under the requirement columns, as wide as they are together.
      const detailWidth = widthOf(table) - nameWidth - 2 * COMPACT.pad;
      table.detail = (row) => lines(row.summary, fonts.regular, COMPACT.cell, detailWidth);
    }
    return table;
  });
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
      // A course asking many requirements lists them on as many pages as they take.
      ensureRoom(layout, 12.5);
      if (index === 0) text(layout.page, '•', MARGIN + 2, layout.y, { font: fonts.regular, size: 9.5 });
      text(layout.page, line, MARGIN + 12, layout.y, { font: fonts.regular, size: 9.5 });
      layout.y -= 12.5;
    });
  }
  layout.y -= 10;
}

const widthOf = (table: Table) => table.columns.reduce((sum, column) => sum + column.width, 0);

/** The headings' lines, and the height of their row. */
function tableHead(layout: Layout, table: Table) {
  const { pad, head } = table.type;
  const cells = table.columns.map((column) => lines(column.heading, layout.fonts.bold, head, column.width - 2 * pad));
  return { cells, height: Math.max(...cells.map(linesHeight)) + 2 * pad };
}

/** The row of headings, on every page the table runs on. */
function drawTableHead(layout: Layout, table: Table) {
  const { pad } = table.type;
  const { cells, height } = tableHead(layout, table);
  const top = layout.y;
  layout.page.drawRectangle({ x: MARGIN, y: top - height, width: widthOf(table), height, color: headingFill });
  let x = MARGIN;
  table.columns.forEach((column, index) => {
    drawLines(layout.page, cells[index]!, x + pad, top - pad);
    x += column.width;
  });
  const bottom = { start: { x: MARGIN, y: top - height }, end: { x: MARGIN + widthOf(table), y: top - height } };
  layout.page.drawLine({ ...bottom, thickness: 0.8, color: muted });
  layout.y = top - height;
}

/** Lines from `top` down, starting at `x`. */
function drawLines(page: PDFPage, cell: Line[], x: number, top: number) {
  let baseline = top - (cell[0]?.size ?? 0) + 1;
  for (const line of cell) {
    text(page, line.text, x, baseline, { font: line.font, size: line.size, color: line.color });
    baseline -= leadingOf(line);
  }
}

/** A trainee's row: its cells, the compact table's summary under them, and its height. */
function rowOf(table: Table, row: RecordRow) {
  const cells = table.columns.map((column) => column.lines(row));
  const detail = table.detail?.(row) ?? [];
  const cellsHeight = Math.max(...cells.map(linesHeight)) + 2 * table.type.pad;
  return { cells, detail, cellsHeight, height: cellsHeight + (detail.length > 0 ? linesHeight(detail) + table.type.pad : 0) };
}

/** The room the legend takes under the table. */
const legendRoom = (table: Table) => (table.legend ? LEGEND_GAP + table.legend.height : 0);

/** The legend under the table's last row on the page. */
function drawLegend(layout: Layout, table: Table) {
  if (!table.legend) return;
  const top = layout.y - LEGEND_GAP;
  for (const line of table.legend.lines) {
    text(layout.page, line.text, MARGIN + line.dx, top - line.dy, { font: line.font, size: line.size, color: line.color });
  }
  layout.y = top - table.legend.height;
}

/**
 * One trainee's row (with the compact table's summary under it); a row never splits across pages.
 * One that does not fit above the legend goes to the next page, under the headings again.
 */
function drawRow(layout: Layout, table: Table, row: RecordRow, index: number) {
  const { pad } = table.type;
  const { cells, detail, cellsHeight, height } = rowOf(table, row);
  if (layout.y - height - legendRoom(table) < MARGIN + FOOTER_ROOM) {
    drawLegend(layout, table);
    addPage(layout, true);
    drawTableHead(layout, table);
  }
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

/** A table (or a part of it): its caption, the headings, every row, and the legend under it on each page. */
function drawTable(layout: Layout, table: Table) {
  const { fonts, document } = layout;
  const { cell, pad } = table.type;
  const first = document.rows[0] ? rowOf(table, document.rows[0]).height : cell * 1.24 + 2 * pad;
  const captionRoom = table.caption ? 16 : 0;
  // Never the headings alone at a page's foot: they start where the first row and the legend fit under them.
  ensureRoom(layout, captionRoom + tableHead(layout, table).height + first + legendRoom(table));
  if (table.caption) {
    text(layout.page, table.caption, MARGIN, layout.y - 10, { font: fonts.bold, size: 10 });
    layout.y -= captionRoom;
  }
  drawTableHead(layout, table);
  if (document.rows.length === 0) {
    text(layout.page, 'No hay alumnos en el curso.', MARGIN + pad, layout.y - pad - cell, {
      font: fonts.regular,
      size: cell,
      color: muted,
    });
    layout.y -= cell * 1.24 + 2 * pad;
  }
  document.rows.forEach((row, index) => drawRow(layout, table, row, index));
  drawLegend(layout, table);
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
  // Two requirement columns fit a portrait page beside a readable summary; more take a landscape one.
  const landscape = columns.length > 2;
  const layout: Layout = { doc, fonts, document, landscape, pages: [], page: undefined as unknown as PDFPage, y: 0 };
  addPage(layout, false);
  drawHeading(layout, columns);
  const tables = buildTables({ columns, rows: document.rows, fonts, landscape, closed: document.number !== null });
  tables.forEach((table, i) => {
    // Each part of a table in parts starts a page of its own.
    if (i > 0) addPage(layout, true);
    drawTable(layout, table);
  });
  drawClosing(layout);
  drawFooters(layout);
  return pdfBytes(doc);
}
