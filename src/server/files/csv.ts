// Reads a spreadsheet as Excel and spreadsheets save it: CSV with a header row, comma, semicolon
// or tab separated, in UTF-8 (with or without BOM), UTF-16 or Windows-1252, with quoted cells
// that may hold separators and line breaks. Every import (class lists, the question bank) reads
// its file here, so they all accept the same files.
import { CsvError, parse } from 'csv-parse/sync';
import { messages } from '../../shared/messages.ts';
import { badRequest, type AppError } from '../errors.ts';

/** One row of the file: its cells, and its line in the file (the header is line 1). */
export interface CsvRecord {
  line: number;
  cells: string[];
}

// Signatures of the files most often picked by mistake instead of the CSV: PDF, ZIP (xlsx,
// docx), old Office (xls), PNG, JPEG, GIF.
const binarySignatures = [
  [0x25, 0x50, 0x44, 0x46],
  [0x50, 0x4b, 0x03, 0x04],
  [0xd0, 0xcf, 0x11, 0xe0],
  [0x89, 0x50, 0x4e, 0x47],
  [0xff, 0xd8, 0xff],
  [0x47, 0x49, 0x46, 0x38],
];

/**
 * The text of the file: UTF-8 when it is valid UTF-8 (BOM or not), otherwise Windows-1252
 * (Excel's "CSV" on Windows). A binary file gets `notText()` (the import's own 415).
 */
export function decodeText(bytes: Uint8Array, notText: () => AppError): string {
  if (binarySignatures.some((signature) => signature.every((byte, i) => bytes[i] === byte))) throw notText();
  let text: string;
  if (bytes[0] === 0xff && bytes[1] === 0xfe) text = new TextDecoder('utf-16le').decode(bytes.subarray(2));
  else if (bytes[0] === 0xfe && bytes[1] === 0xff) text = new TextDecoder('utf-16be').decode(bytes.subarray(2));
  else {
    try {
      text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
    } catch {
      text = new TextDecoder('windows-1252').decode(bytes);
    }
  }
  // Text files have no control characters but tabs and line ends.
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/.test(text)) throw notText();
  return text;
}

/** The text of a file that must not be empty: `importEmpty` (400) for no bytes or only blank space. */
export function decodeNonEmpty(bytes: Uint8Array, notText: () => AppError): string {
  if (bytes.length === 0) throw badRequest(messages.importEmpty, { file: messages.importEmpty });
  const text = decodeText(bytes, notText);
  if (text.trim() === '') throw badRequest(messages.importEmpty, { file: messages.importEmpty });
  return text;
}

/** The separator of the header line, outside quotes: the most frequent of `;`, `,` and tab. */
function detectDelimiter(text: string): string {
  const firstLine = text.split(/\r?\n/).find((line) => line.trim() !== '') ?? '';
  const counts = new Map<string, number>([
    [';', 0],
    [',', 0],
    ['\t', 0],
  ]);
  let quoted = false;
  for (const char of firstLine) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && counts.has(char)) counts.set(char, counts.get(char)! + 1);
  }
  const [best] = [...counts].sort((a, b) => b[1] - a[1]);
  return best && best[1] > 0 ? best[0] : ',';
}

const lineBreaks = (cell: string) => cell.split('\n').length - 1;

/**
 * The records of CSV text (blank lines skipped, cells trimmed), each with the line it starts on,
 * or a Spanish 400 naming the line it cannot read. Line breaks become '\n' first, inside quoted
 * cells too: Windows' '\r\n' in a cell would count as two lines.
 */
export function parseCsvText(csv: string): CsvRecord[] {
  const text = csv.replace(/\r\n?/g, '\n');
  try {
    const records = parse(text, {
      delimiter: detectDelimiter(text),
      bom: true,
      info: true,
      trim: true,
      skip_empty_lines: true,
      relax_column_count: true,
      relax_quotes: true,
    }) as unknown as Array<{ record: string[]; info: { lines: number } }>;
    // `lines` is where the record ends; a cell's line breaks are lines of the same record.
    return records.map(({ record, info }) => ({
      line: info.lines - record.reduce((sum, cell) => sum + lineBreaks(cell), 0),
      cells: record,
    }));
  } catch (error) {
    if (error instanceof CsvError) {
      const line = (error as CsvError & { lines?: number }).lines ?? 1;
      throw badRequest(messages.importUnreadable(line), { file: messages.importUnreadable(line) });
    }
    throw error;
  }
}

/** The records of a CSV file: decoded, checked not to be empty nor binary, and parsed. */
export function readCsv(bytes: Uint8Array, notText: () => AppError): CsvRecord[] {
  return parseCsvText(decodeNonEmpty(bytes, notText));
}

/** A header cell as imports compare it: lower case, no accents, letters only ('Correo electrónico' → 'correoelectronico'). */
export const foldHeader = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z]/g, '');
