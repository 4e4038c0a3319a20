// Reads a class list as Excel and spreadsheets save it: CSV with a header row, comma or
// semicolon separated, in UTF-8 (with or without BOM) or Windows-1252 (files/csv.ts).
import { messages } from '../../shared/messages.ts';
import { IMPORT_MAX_ROWS } from '../../shared/schemas/users.ts';
import { AppError, badRequest } from '../errors.ts';
import { foldHeader, readCsv } from '../files/csv.ts';

export interface ClassListRow {
  /** The row's line in the file; the header is line 1. */
  line: number;
  name: string;
  email: string;
}

const notCsv = () => new AppError('UNSUPPORTED_MEDIA_TYPE', messages.importNotCsv, { file: messages.importNotCsv });

const nameHeaders = new Set(['nombre', 'nombrecompleto', 'nombreyapellido', 'apellidoynombre', 'name', 'alumno']);
const emailHeaders = new Set(['email', 'mail', 'correo', 'correoelectronico', 'direcciondecorreo']);

/** The rows of a class list file, or a Spanish 4xx saying why the file cannot be read. */
export function parseClassList(bytes: Uint8Array): ClassListRow[] {
  const [header, ...body] = readCsv(bytes, notCsv);
  const columns = header?.cells.map(foldHeader) ?? [];
  const nameColumn = columns.findIndex((column) => nameHeaders.has(column));
  const emailColumn = columns.findIndex((column) => emailHeaders.has(column));
  if (nameColumn < 0 || emailColumn < 0) throw badRequest(messages.importColumns, { file: messages.importColumns });

  const rows = body
    .map(({ cells, line }) => ({ line, name: (cells[nameColumn] ?? '').trim(), email: (cells[emailColumn] ?? '').trim() }))
    .filter((row) => row.name !== '' || row.email !== '');
  if (rows.length === 0) throw badRequest(messages.importNoRows, { file: messages.importNoRows });
  if (rows.length > IMPORT_MAX_ROWS)
    throw badRequest(messages.importTooManyRows(IMPORT_MAX_ROWS), { file: messages.importTooManyRows(IMPORT_MAX_ROWS) });
  return rows;
}
