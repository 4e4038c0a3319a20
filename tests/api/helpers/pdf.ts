// Reading a PDF the way a person does: its text as a PDF reader extracts it, its pages as images,
// and the QR codes printed on them decoded from those images.
import jsqrModule from 'jsqr';
import * as mupdf from 'mupdf';

// jsqr is CommonJS whose types declare an ES default export: at run time the default import is the function itself.
const jsQR = jsqrModule as unknown as typeof jsqrModule.default;

function open(bytes: Uint8Array | Buffer) {
  return mupdf.Document.openDocument(bytes, 'application/pdf');
}

/** Every page's extracted text, pages joined by a blank line. */
export function pdfText(bytes: Uint8Array | Buffer): string {
  const document = open(bytes);
  const pages: string[] = [];
  for (let i = 0; i < document.countPages(); i++) pages.push(document.loadPage(i).toStructuredText('preserve-whitespace').asText());
  return pages.join('\n\n');
}

export function pdfPageCount(bytes: Uint8Array | Buffer): number {
  return open(bytes).countPages();
}

/** Each page drawn at `scale` (2 = 144 dpi) as PNG bytes, to look at. */
export function pdfPagesAsPng(bytes: Uint8Array | Buffer, scale = 2): Uint8Array[] {
  const document = open(bytes);
  const images: Uint8Array[] = [];
  for (let i = 0; i < document.countPages(); i++) {
    images.push(document.loadPage(i).toPixmap(mupdf.Matrix.scale(scale, scale), mupdf.ColorSpace.DeviceRGB, false).asPNG());
  }
  return images;
}

/** The QR code on each page, decoded from the page drawn as an image (null where none is found). */
export function pdfQrCodes(bytes: Uint8Array | Buffer): Array<string | null> {
  const document = open(bytes);
  const codes: Array<string | null> = [];
  for (let i = 0; i < document.countPages(); i++) {
    const pixmap = document.loadPage(i).toPixmap(mupdf.Matrix.scale(2, 2), mupdf.ColorSpace.DeviceRGB, false);
    const [width, height] = [pixmap.getWidth(), pixmap.getHeight()];
    const rgb = pixmap.getPixels();
    const rgba = new Uint8ClampedArray(width * height * 4);
    for (let p = 0; p < width * height; p++) {
      rgba[p * 4] = rgb[p * 3]!;
      rgba[p * 4 + 1] = rgb[p * 3 + 1]!;
      rgba[p * 4 + 2] = rgb[p * 3 + 2]!;
      rgba[p * 4 + 3] = 255;
    }
    codes.push(jsQR(rgba, width, height)?.data ?? null);
  }
  return codes;
}
