// Reads a class list as Excel and spreadsheets save it: CSV with a header row, comma or
// semicolon separated, in UTF-8 (with or without BOM) or Windows-1252.
import { CsvError, parse } from 'csv-parse/sync';
import { messages } from '../../shared/messages.ts';
import { IMPORT_MAX_ROWS } from '../../shared/schemas/users.ts';
import { AppError, badRequest } from '../errors.ts';

export interface ClassListRow {
  /** The row's line in the file; the header is line 1. */
  line: number;
  name: string;
  email: string;
}

const notCsv = () => new AppError('UNSUPPORTED_MEDIA_TYPE', messages.importNotCsv, { file: messages.importNotCsv });

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

/** The text of the file: UTF-8 when it is valid UTF-8 (BOM or not), otherwise Windows-1252 (Excel's "CSV" on Windows). */
export function decodeCsv(bytes: Uint8Array): string {
  if (binarySignatures.some((signature) => signature.every((byte, i) => bytes[i] === byte))) throw notCsv();
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
  if (/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/.test(text)) throw notCsv();
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

const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z]/g, '');

const nameHeaders = new Set(['nombre', 'nombrecompleto', 'nombreyapellido', 'apellidoynombre', 'name', 'alumno']);
const emailHeaders = new Set(['email', 'mail', 'correo', 'correoelectronico', 'direcciondecorreo']);

/** The rows of a class list file, or a Spanish 4xx saying why the file cannot be read. */
export function parseClassList(bytes: Uint8Array): ClassListRow[] {
  if (bytes.length === 0) throw badRequest(messages.importEmpty, { file: messages.importEmpty });
  const text = decodeCsv(bytes);
  if (text.trim() === '') throw badRequest(messages.importEmpty, { file: messages.importEmpty });

  let records: Array<{ record: string[]; info: { lines: number } }>;
  try {
    records = parse(text, {
      delimiter: detectDelimiter(text),
      bom: true,
      info: true,
      trim: true,
      skip_empty_lines: true,
      relax_column_count: true,
      relax_quotes: true,
    }) as unknown as Array<{ record: string[]; info: { lines: number } }>;
  } catch (error) {
    if (error instanceof CsvError) {
      const line = (error as CsvError & { lines?: number }).lines ?? 1;
      throw badRequest(messages.importUnreadable(line), { file: messages.importUnreadable(line) });
    }
    throw error;
  }

  const [header, ...body] = records;
  const columns = header?.record.map(fold) ?? [];
  const nameColumn = columns.findIndex((column) => nameHeaders.has(column));
  const emailColumn = columns.findIndex((column) => emailHeaders.has(column));
  if (nameColumn < 0 || emailColumn < 0) throw badRequest(messages.importColumns, { file: messages.importColumns });

  const rows = body
    .map(({ record, info }) => ({ line: info.lines, name: (record[nameColumn] ?? '').trim(), email: (record[emailColumn] ?? '').trim() }))
    .filter((row) => row.name !== '' || row.email !== '');
  if (rows.length === 0) throw badRequest(messages.importNoRows, { file: messages.importNoRows });
  if (rows.length > IMPORT_MAX_ROWS)
    throw badRequest(messages.importTooManyRows(IMPORT_MAX_ROWS), { file: messages.importTooManyRows(IMPORT_MAX_ROWS) });
  return rows;
}
