// PDFs made on the server (the course record, the licences) with pdf-lib: real text a reader can
// extract and search. Text is set in the standard faces (Helvetica, Times), whose WinAnsi encoding
// has every Spanish letter and sign (á, ñ, ü, ¿, ¡, «, », º); a character outside it is set in an
// embedded font that has it — DejaVu for Greek, Cyrillic and the rest of Latin, Droid Sans Fallback
// for Chinese, Japanese and Korean — only when the document needs it, and only the glyphs it uses.
// A character no font has is its plain letter, or '?': never a failed PDF.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Readable } from 'node:stream';
import * as fontkit from 'fontkit';
import { PDFDocument, rgb, StandardFonts, type PDFFont, type PDFPage } from 'pdf-lib';
import QRCode from 'qrcode';

/** A4 in points, and the margin every page keeps. */
export const A4 = { width: 595.28, height: 841.89 } as const;
export const MARGIN = 48;

export const ink = rgb(0.1, 0.12, 0.16);
export const muted = rgb(0.36, 0.39, 0.45);
export const rule = rgb(0.8, 0.82, 0.86);

/** A face's style: the standard font it is set in, and the embedded fonts for what that one lacks. */
export type FaceStyle = 'sans' | 'sans-bold' | 'serif' | 'serif-bold' | 'serif-italic';

const STANDARD: Record<FaceStyle, StandardFonts> = {
  sans: StandardFonts.Helvetica,
  'sans-bold': StandardFonts.HelveticaBold,
  serif: StandardFonts.TimesRoman,
  'serif-bold': StandardFonts.TimesRomanBold,
  'serif-italic': StandardFonts.TimesRomanItalic,
};

const dejavu = path.join(path.dirname(createRequire(import.meta.url).resolve('dejavu-fonts-ttf/package.json')), 'ttf');
const FALLBACK_FILES: Record<FaceStyle, string[]> = {
  sans: [path.join(dejavu, 'DejaVuSans.ttf')],
  'sans-bold': [path.join(dejavu, 'DejaVuSans-Bold.ttf')],
  serif: [path.join(dejavu, 'DejaVuSerif.ttf')],
  'serif-bold': [path.join(dejavu, 'DejaVuSerif-Bold.ttf')],
  'serif-italic': [path.join(dejavu, 'DejaVuSerif-Italic.ttf')],
};
// One face for Chinese, Japanese and Korean, after DejaVu in every style (it has no bold or italic).
const CJK_FILE = path.join(import.meta.dirname, 'fonts', 'DroidSansFallback.ttf');
for (const files of Object.values(FALLBACK_FILES)) files.push(CJK_FILE);

/**
 * fontkit for pdf-lib: today's fontkit, whose subsets keep every glyph (the fork pdf-lib names,
 * unchanged since 2020, loses Chinese glyphs of TrueType fonts), given the stream pdf-lib reads a
 * subset from.
 */
// pdf-lib's types name the fork's classes; it uses only what both have (layout, glyphs, metrics, subsets).
const pdfFontkit = {
  create(bytes: Uint8Array) {
    const font = fontkit.create(Buffer.from(bytes)) as fontkit.Font;
    return Object.assign(Object.create(font) as fontkit.Font, {
      createSubset() {
        const subset = font.createSubset();
        return Object.assign(subset, { encodeStream: () => Readable.from([subset.encode()]) });
      },
    });
  },
} as unknown as Parameters<PDFDocument['registerFontkit']>[0];

/** A font file read once per process, with the characters it has. */
interface FontFile {
  bytes: Uint8Array;
  characters: ReadonlySet<number>;
}
const fontFiles = new Map<string, FontFile>();
function fontFile(file: string): FontFile {
  let font = fontFiles.get(file);
  if (!font) {
    const bytes = readFileSync(file);
    font = { bytes, characters: new Set((fontkit.create(bytes) as fontkit.Font).characterSet) };
    fontFiles.set(file, font);
  }
  return font;
}

const characterSets = new WeakMap<PDFFont, ReadonlySet<number>>();
const characterSet = (font: PDFFont) => {
  let set = characterSets.get(font);
  if (!set) characterSets.set(font, (set = new Set(font.getCharacterSet())));
  return set;
};

/** A run of text in one font. */
interface Run {
  font: PDFFont;
  text: string;
}

/**
 * A face to set text in: a standard font, and the embedded fonts a document's text needed beside
 * it. Measures and draws text in runs of one font each, the first that has the character.
 */
export class Face {
  readonly font: PDFFont;
  private readonly fallbacks: readonly PDFFont[];

  constructor(font: PDFFont, fallbacks: readonly PDFFont[] = []) {
    this.font = font;
    this.fallbacks = fallbacks;
  }

  private fontFor(codePoint: number): PDFFont | null {
    if (characterSet(this.font).has(codePoint)) return this.font;
    return this.fallbacks.find((font) => characterSet(font).has(codePoint)) ?? null;
  }

  /** The text's runs, line breaks and tabs as spaces; a character no font has as its plain letter, or '?'. */
  runs(value: string): Run[] {
    const runs: Run[] = [];
    const push = (font: PDFFont, char: string) => {
      const last = runs.at(-1);
      if (last?.font === font) last.text += char;
      else runs.push({ font, text: char });
    };
    for (const char of value.replace(/[\r\n\t]+/g, ' ')) {
      const font = this.fontFor(char.codePointAt(0)!);
      if (font) {
        push(font, char);
        continue;
      }
      const plain = char.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
      if ([...plain].every((c) => characterSet(this.font).has(c.codePointAt(0)!))) for (const c of plain) push(this.font, c);
      else push(this.font, '?');
    }
    return runs;
  }

  widthOfTextAtSize(value: string, size: number): number {
    return this.runs(value).reduce((sum, run) => sum + run.font.widthOfTextAtSize(run.text, size), 0);
  }

  /** Draws the text with its left end at x and its baseline at y. */
  draw(page: PDFPage, value: string, x: number, y: number, options: { size: number; color?: ReturnType<typeof rgb> }) {
    let at = x;
    for (const run of this.runs(value)) {
      page.drawText(run.text, { x: at, y, size: options.size, font: run.font, color: options.color ?? ink });
      at += run.font.widthOfTextAtSize(run.text, options.size);
    }
  }
}

/**
 * The face of `style` for a document whose text is in `needed` (every value it will print, e.g.
 * its data as JSON): the standard font, and only the embedded fonts that text needs, subset.
 */
export async function embedFace(doc: PDFDocument, style: FaceStyle, needed: string): Promise<Face> {
  const font = await doc.embedFont(STANDARD[style]);
  const missing = new Set<number>();
  for (const char of needed) {
    const codePoint = char.codePointAt(0)!;
    if (codePoint > 0x20 && !characterSet(font).has(codePoint)) missing.add(codePoint);
  }
  const fallbacks: PDFFont[] = [];
  for (const file of FALLBACK_FILES[style]) {
    if (missing.size === 0) break;
    const candidate = fontFile(file);
    const covers = [...missing].filter((codePoint) => candidate.characters.has(codePoint));
    if (covers.length === 0) continue;
    doc.registerFontkit(pdfFontkit);
    fallbacks.push(await doc.embedFont(candidate.bytes, { subset: true }));
    for (const codePoint of covers) missing.delete(codePoint);
  }
  return new Face(font, fallbacks);
}

export interface PdfFonts {
  regular: Face;
  bold: Face;
}

/**
 * A new document with its title and author set (what a PDF reader shows in its properties) and the
 * two sans faces, with what `needed` (the text it will print) asks of them.
 */
export async function createPdf(meta: { title: string; author: string; created: Date }, needed: string) {
  const doc = await PDFDocument.create();
  doc.setTitle(meta.title);
  doc.setAuthor(meta.author);
  doc.setCreator('Aula Virtual');
  doc.setProducer('Aula Virtual');
  doc.setLanguage('es-AR');
  doc.setCreationDate(meta.created);
  doc.setModificationDate(meta.created);
  const fonts: PdfFonts = {
    regular: await embedFace(doc, 'sans', needed),
    bold: await embedFace(doc, 'sans-bold', needed),
  };
  return { doc, fonts };
}

/** Lines of at most `width` points, broken between words (a word longer than the width is cut). */
export function wrap(value: string, face: Face, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of value.split(/\s+/).filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : word;
    if (face.widthOfTextAtSize(candidate, size) <= width) {
      line = candidate;
      continue;
    }
    if (line) lines.push(line);
    let rest = [...word];
    while (face.widthOfTextAtSize(rest.join(''), size) > width && rest.length > 1) {
      let cut = rest.length - 1;
      while (cut > 1 && face.widthOfTextAtSize(rest.slice(0, cut).join(''), size) > width) cut--;
      lines.push(rest.slice(0, cut).join(''));
      rest = rest.slice(cut);
    }
    line = rest.join('');
  }
  if (line) lines.push(line);
  return lines.length > 0 ? lines : [''];
}

/**
 * Where a word too wide for its line may break without a hyphen, as a reader expects of addresses
 * and compound names: after a hyphen or a slash between letters, before an at sign, or before a dot
 * followed by a letter (never inside a number: '3.000', '07/03/2026').
 */
const softBreaks = (word: string) => word.split(/(?<=\p{L}[-/\u2013\u2014])(?=\p{L})|(?<=.)(?=@)|(?<=.)(?=\.\p{L})/u);

/** A word's pieces cut to `width`, each but the last ending in a hyphen. */
function hyphenated(word: string, face: Face, size: number, width: number): string[] {
  const pieces: string[] = [];
  let rest = [...word];
  while (rest.length > 1 && face.widthOfTextAtSize(rest.join(''), size) > width) {
    let cut = rest.length - 1;
    while (cut > 1 && face.widthOfTextAtSize(`${rest.slice(0, cut).join('')}-`, size) > width) cut--;
    pieces.push(`${rest.slice(0, cut).join('')}-`);
    rest = rest.slice(cut);
  }
  return [...pieces, rest.join('')];
}

/** Text set within a width: its lines, and the size they are set in. */
export interface Fitted {
  lines: string[];
  size: number;
}

/**
 * `value` set within `width`: lines broken between words; a word wider than the line breaks where
 * addresses and compound names do (after a hyphen or slash, before a dot or @); a piece still too
 * wide sets the whole text smaller, down to `minSize`, and only past that is it cut with a hyphen.
 */
export function fitText(value: string, face: Face, size: number, width: number, minSize = size * 0.8): Fitted {
  const words = value.split(/\s+/).filter(Boolean);
  const widest = Math.max(0, ...words.flatMap(softBreaks).map((piece) => face.widthOfTextAtSize(piece, size)));
  const fitted = widest > width ? Math.max(minSize, Math.floor(((size * width) / widest) * 10) / 10) : size;
  // Each piece; whether a space comes before it (only before a word's first); whether it starts a line (after a hyphen's cut).
  const pieces = words.flatMap((word) =>
    softBreaks(word).flatMap((soft, s) => {
      const cut = face.widthOfTextAtSize(soft, fitted) > width ? hyphenated(soft, face, fitted, width) : [soft];
      return cut.map((piece, i) => ({ piece, spaced: s === 0 && i === 0, starts: i > 0 }));
    }),
  );
  const lines: string[] = [];
  let line = '';
  for (const { piece, spaced, starts } of pieces) {
    const candidate = line ? `${line}${spaced ? ' ' : ''}${piece}` : piece;
    if (!line || (!starts && face.widthOfTextAtSize(candidate, fitted) <= width)) line = candidate;
    else {
      lines.push(line);
      line = piece;
    }
  }
  if (line) lines.push(line);
  return { lines: lines.length > 0 ? lines : [''], size: fitted };
}

/** The widest piece of `value` a line can hold without breaking it: its widest word, or part between soft breaks. */
export const widestPiece = (value: string, face: Face, size: number) =>
  Math.max(
    0,
    ...value
      .split(/\s+/)
      .filter(Boolean)
      .flatMap(softBreaks)
      .map((piece) => face.widthOfTextAtSize(piece, size)),
  );

/** Draws text at (x, y) (y is the baseline), in the face, size and colour given. */
export function text(
  page: PDFPage,
  value: string,
  x: number,
  y: number,
  options: { font: Face; size: number; color?: ReturnType<typeof rgb> },
) {
  options.font.draw(page, value, x, y, options);
}

/** Text centred on the page's width at baseline y. */
export function centred(page: PDFPage, value: string, y: number, options: { font: Face; size: number; color?: ReturnType<typeof rgb> }) {
  const width = options.font.widthOfTextAtSize(value, options.size);
  options.font.draw(page, value, (page.getWidth() - width) / 2, y, options);
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
