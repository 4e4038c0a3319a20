// PDFs made on the server (the course record, the licences) with pdf-lib: real text a reader can
// extract and search, in the standard Helvetica faces. Their WinAnsi encoding has every Spanish
// letter and sign (á, ñ, ü, ¿, ¡, «, », º); anything outside it is replaced, never a failed PDF.
import { PDFDocument, rgb, StandardFonts, type PDFFont, type PDFPage } from 'pdf-lib';
import QRCode from 'qrcode';

/** A4 in points, and the margin every page keeps. */
export const A4 = { width: 595.28, height: 841.89 } as const;
export const MARGIN = 48;

export const ink = rgb(0.1, 0.12, 0.16);
export const muted = rgb(0.36, 0.39, 0.45);
export const rule = rgb(0.8, 0.82, 0.86);

export interface PdfFonts {
  regular: PDFFont;
  bold: PDFFont;
}

/** A new document with its title and author set (what a PDF reader shows in its properties) and the two faces. */
export async function createPdf(meta: { title: string; author: string; created: Date }) {
  const doc = await PDFDocument.create();
  doc.setTitle(meta.title);
  doc.setAuthor(meta.author);
  doc.setCreator('Aula Virtual');
  doc.setProducer('Aula Virtual');
  doc.setLanguage('es-AR');
  doc.setCreationDate(meta.created);
  doc.setModificationDate(meta.created);
  const fonts: PdfFonts = {
    regular: await doc.embedFont(StandardFonts.Helvetica),
    bold: await doc.embedFont(StandardFonts.HelveticaBold),
  };
  return { doc, fonts };
}

/**
 * Text the standard faces can draw: characters outside WinAnsi become their closest plain letter
 * (or '?'), so a name typed with an unusual character still prints.
 */
export function printable(text: string, font: PDFFont): string {
  const charSet = new Set(font.getCharacterSet());
  let out = '';
  for (const char of text.replace(/[\r\n\t]+/g, ' ')) {
    if (charSet.has(char.codePointAt(0)!)) {
      out += char;
      continue;
    }
    const plain = char.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
    out += [...plain].every((c) => charSet.has(c.codePointAt(0)!)) ? plain : '?';
  }
  return out;
}

/** Lines of at most `width` points, broken between words (a word longer than the width is cut). */
export function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of printable(text, font).split(/\s+/).filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : word;
    if (font.widthOfTextAtSize(candidate, size) <= width) {
      line = candidate;
      continue;
    }
    if (line) lines.push(line);
    let rest = word;
    while (font.widthOfTextAtSize(rest, size) > width && rest.length > 1) {
      let cut = rest.length - 1;
      while (cut > 1 && font.widthOfTextAtSize(rest.slice(0, cut), size) > width) cut--;
      lines.push(rest.slice(0, cut));
      rest = rest.slice(cut);
    }
    line = rest;
  }
  if (line) lines.push(line);
  return lines.length > 0 ? lines : [''];
}

/** Draws text at (x, y) (y is the baseline), in the face, size and colour given. */
export function text(
  page: PDFPage,
  value: string,
  x: number,
  y: number,
  options: { font: PDFFont; size: number; color?: ReturnType<typeof rgb> },
) {
  page.drawText(printable(value, options.font), { x, y, size: options.size, font: options.font, color: options.color ?? ink });
}

/** Text centred on the page's width at baseline y. */
export function centred(page: PDFPage, value: string, y: number, options: { font: PDFFont; size: number; color?: ReturnType<typeof rgb> }) {
  const safe = printable(value, options.font);
  const width = options.font.widthOfTextAtSize(safe, options.size);
  page.drawText(safe, { x: (page.getWidth() - width) / 2, y, size: options.size, font: options.font, color: options.color ?? ink });
}

/**
 * A QR code of `value` as vector squares, `size` points wide with its quiet zone, its lower-left
 * corner at (x, y). Vector, so it prints sharp at any size and a phone reads it off paper or screen.
 */
export function drawQr(page: PDFPage, value: string, x: number, y: number, size: number) {
  const qr = QRCode.create(value, { errorCorrectionLevel: 'M' });
  const count = qr.modules.size;
  const quiet = 4;
  const cell = size / (count + quiet * 2);
  page.drawRectangle({ x, y, width: size, height: size, color: rgb(1, 1, 1) });
  // One path of the dark runs of each row, filled once: separate squares leave hairline seams
  // between them in most viewers (anti-aliased edges), which a phone's camera can trip on.
  let path = '';
  for (let row = 0; row < count; row++) {
    for (let column = 0; column < count; column++) {
      if (!qr.modules.get(row, column)) continue;
      let end = column;
      while (end + 1 < count && qr.modules.get(row, end + 1)) end++;
      const width = (end - column + 1) * cell;
      path += `M${(quiet + column) * cell} ${(quiet + row) * cell}h${width}v${cell}h${-width}z`;
      column = end;
    }
  }
  // The path's y grows downwards from its origin, the page's top-left corner of the code.
  page.drawSvgPath(path, { x, y: y + size, color: rgb(0, 0, 0) });
}

/** The document's bytes, as the route sends them. */
export async function pdfBytes(doc: PDFDocument): Promise<Buffer> {
  return Buffer.from(await doc.save());
}
