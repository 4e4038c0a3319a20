// A licence as a one-page A4 landscape PDF that reads as a diploma: a framed page, the holder's
// name large in the centre, the course, level and rules edition, the dates, the signature line
// with who signs and their title (the course's 'Firma del certificado', copied when issued), and
// the code with a QR code to the public verification page (and that address written under it, for
// whoever types it). Real text: a reader can search it and copy the code.
import { rgb, type PDFPage } from 'pdf-lib';
import { certificateMessages as m } from '../../shared/messages.ts';
import { A4, centred, createPdf, drawQr, embedFace, muted, pdfBytes, text, wrap, type Face } from '../files/pdf.ts';
import type { CertificateRow } from './read.ts';

const page = { width: A4.height, height: A4.width };
const navy = rgb(0.08, 0.2, 0.4);
const gold = rgb(0.7, 0.55, 0.2);
const paper = rgb(0.995, 0.99, 0.97);

interface Faces {
  regular: Face;
  bold: Face;
  serif: Face;
  serifBold: Face;
  serifItalic: Face;
}

/**
 * The lines and size to set `value` in, within `width`: one line at the largest size from `max`
 * down to `min`; failing that, two lines down to `floor`. Never cut: past that, as many lines as it takes.
 */
function fitted(value: string, font: Face, width: number, sizes: { max: number; min: number; floor: number }) {
  for (let size = sizes.max; size >= sizes.min; size--) {
    if (font.widthOfTextAtSize(value, size) <= width) return { lines: [value], size };
  }
  for (let size = sizes.min; size > sizes.floor; size--) {
    const lines = wrap(value, font, size, width);
    if (lines.length <= 2) return { lines, size };
  }
  return { lines: wrap(value, font, sizes.floor, width), size: sizes.floor };
}

/** Draws `value` centred from baseline `y` down, fitted as `fitted` says; returns the last line's baseline. */
function centredFitted(
  target: PDFPage,
  value: string,
  y: number,
  options: { font: Face; width: number; sizes: { max: number; min: number; floor: number }; color?: ReturnType<typeof rgb> },
) {
  const { lines, size } = fitted(value, options.font, options.width, options.sizes);
  let baseline = y;
  lines.forEach((line, i) => {
    if (i > 0) baseline -= size * 1.2;
    centred(target, line, baseline, { font: options.font, size, ...(options.color ? { color: options.color } : {}) });
  });
  return baseline;
}

/** Text centred on `cx` (not the page's centre). */
function centredAt(
  target: PDFPage,
  value: string,
  cx: number,
  y: number,
  options: { font: Face; size: number; color?: ReturnType<typeof rgb> },
) {
  const width = options.font.widthOfTextAtSize(value, options.size);
  text(target, value, cx - width / 2, y, options);
}

/** The frame: a paper tone, a navy border and a thin gold one inside it, with corner marks. */
function drawFrame(target: PDFPage) {
  target.drawRectangle({ x: 0, y: 0, width: page.width, height: page.height, color: paper });
  target.drawRectangle({ x: 22, y: 22, width: page.width - 44, height: page.height - 44, borderColor: navy, borderWidth: 3 });
  target.drawRectangle({ x: 32, y: 32, width: page.width - 64, height: page.height - 64, borderColor: gold, borderWidth: 0.8 });
  for (const [x, y] of [
    [32, 32],
    [page.width - 32, 32],
    [32, page.height - 32],
    [page.width - 32, page.height - 32],
  ] as const) {
    target.drawRectangle({ x: x - 5, y: y - 5, width: 10, height: 10, color: gold });
  }
}

/** The centre, from the top down: who, which course, which licence. */
function drawBody(target: PDFPage, row: CertificateRow, f: Faces) {
  const cx = page.width / 2;
  centred(target, m.pdf.brand, page.height - 78, { font: f.bold, size: 9.5, color: gold });
  centred(target, m.pdf.title, page.height - 132, { font: f.serifBold, size: 48, color: navy });
  centred(target, m.pdf.subtitle, page.height - 158, { font: f.serifItalic, size: 16, color: muted });

  centred(target, m.pdf.certifies, page.height - 204, { font: f.regular, size: 12, color: muted });
  let y = centredFitted(target, row.holderName, page.height - 246, {
    font: f.serifBold,
    width: page.width - 200,
    sizes: { max: 36, min: 24, floor: 14 },
  });
  target.drawLine({ start: { x: cx - 230, y: y - 12 }, end: { x: cx + 230, y: y - 12 }, thickness: 0.8, color: gold });

  y -= 38;
  centred(target, m.pdf.passed, y, { font: f.regular, size: 12, color: muted });
  y = centredFitted(target, row.courseName, y - 22, { font: f.bold, width: page.width - 220, sizes: { max: 16, min: 13, floor: 8 } });
  y -= 26;
  centred(target, m.pdf.licence, y, { font: f.regular, size: 12, color: muted });
  y = centredFitted(target, row.level, y - 28, {
    font: f.serifBold,
    width: page.width - 220,
    sizes: { max: 24, min: 16, floor: 10 },
    color: navy,
  });
  if (row.rulesEdition.trim()) centred(target, m.pdf.rulesEdition(row.rulesEdition), y - 20, { font: f.regular, size: 11, color: muted });
}

/**
 * The signature in the foot's middle: a line, and under it who signs and their title as the course
 * named them ('Director de la Escuela de Árbitros'), each on one line while it fits, else on two.
 */
function drawSignature(target: PDFPage, row: CertificateRow, f: Faces) {
  const cx = page.width / 2;
  const width = 220;
  target.drawLine({ start: { x: cx - width / 2, y: 100 }, end: { x: cx + width / 2, y: 100 }, thickness: 0.7, color: muted });
  const name = fitted(row.signerName, f.bold, width, { max: 11, min: 8, floor: 6 });
  const title = fitted(row.signerTitle, f.regular, width, { max: 9, min: 7, floor: 6 });
  let y = 84;
  name.lines.forEach((line, i) => {
    if (i > 0) y -= name.size * 1.15;
    centredAt(target, line, cx, y, { font: f.bold, size: name.size });
  });
  y -= name.lines.length > 1 ? title.size + 4 : 14;
  title.lines.forEach((line, i) => {
    if (i > 0) y -= title.size * 1.15;
    centredAt(target, line, cx, y, { font: f.regular, size: title.size, color: muted });
  });
}

/** The foot: the dates and the code on the left, the signature in the middle, the QR code on the right. */
function drawFoot(target: PDFPage, row: CertificateRow, verifyUrl: string, f: Faces) {
  const left = 70;
  text(target, m.issuedOn(row.issuedOn), left, 132, { font: f.bold, size: 11 });
  text(target, m.expiresOn(row.expiresOn), left, 114, { font: f.regular, size: 11 });
  text(target, m.pdf.codeLabel, left, 88, { font: f.regular, size: 8.5, color: muted });
  text(target, row.code, left, 70, { font: f.bold, size: 15, color: navy });

  drawSignature(target, row, f);

  const qrSize = 104;
  const qrCx = page.width - 138;
  drawQr(target, verifyUrl, qrCx - qrSize / 2, 78, qrSize);
  centredAt(target, m.pdf.verifyAt, qrCx, 62, { font: f.regular, size: 7.5, color: muted });
  const urlSize = fitted(verifyUrl, f.regular, 230, { max: 8, min: 5, floor: 5 }).size;
  centredAt(target, verifyUrl, qrCx, 51, { font: f.regular, size: urlSize });
}

/** The certificate's PDF: one A4 landscape page. */
export async function certificatePdf(row: CertificateRow, verifyUrl: string): Promise<Buffer> {
  // Every value it prints, for the fonts its names need (a name in Cyrillic or Chinese prints as written).
  const needed = JSON.stringify(row);
  const { doc, fonts } = await createPdf(
    { title: `${m.pdf.title} ${row.code}: ${row.holderName}`, author: row.issuedByName, created: row.issuedAt },
    needed,
  );
  const faces: Faces = {
    ...fonts,
    serif: await embedFace(doc, 'serif', needed),
    serifBold: await embedFace(doc, 'serif-bold', needed),
    serifItalic: await embedFace(doc, 'serif-italic', needed),
  };
  doc.setSubject(`${row.courseName}. ${row.level}`);
  const target = doc.addPage([page.width, page.height]);
  drawFrame(target);
  drawBody(target, row, faces);
  drawFoot(target, row, verifyUrl, faces);
  return pdfBytes(doc);
}
