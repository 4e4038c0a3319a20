// How a document's type, size and date read in the admin list (es-AR).

const typeLabels: Record<string, string> = {
  pdf: 'PDF',
  doc: 'Word',
  docx: 'Word',
  xls: 'Excel',
  xlsx: 'Excel',
  ppt: 'PowerPoint',
  pptx: 'PowerPoint',
  odt: 'Texto OpenDocument',
  ods: 'Hoja de cálculo OpenDocument',
  odp: 'Presentación OpenDocument',
  jpg: 'Imagen JPG',
  png: 'Imagen PNG',
  webp: 'Imagen WebP',
  mp4: 'Video MP4',
};

export const documentTypeLabel = (extension: string) => typeLabels[extension.toLowerCase()] ?? extension.toUpperCase();

const bytesFormat = new Intl.NumberFormat('es-AR', { maximumFractionDigits: 0 });
const units = ['kilobyte', 'megabyte', 'gigabyte'] as const;
const sizeFormats = units.map(
  (unit) => new Intl.NumberFormat('es-AR', { style: 'unit', unit, unitDisplay: 'short', maximumFractionDigits: 1 }),
);

/** 900 → "900 B"; 1536 → "1,5 kB"; 5 242 880 → "5 MB". */
export function formatFileSize(bytes: number) {
  if (bytes < 1024) return `${bytesFormat.format(bytes)} B`;
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return sizeFormats[unit]!.format(value);
}

const dateFormat = new Intl.DateTimeFormat('es-AR', { dateStyle: 'medium' });
export const formatDate = (iso: string) => dateFormat.format(new Date(iso));

/** What the file input accepts: the types the server takes (it checks the content too). */
export const ACCEPTED_DOCUMENTS = [
  '.pdf',
  '.doc',
  '.docx',
  '.xls',
  '.xlsx',
  '.ppt',
  '.pptx',
  '.odt',
  '.ods',
  '.odp',
  '.jpg',
  '.jpeg',
  '.png',
  '.webp',
  '.mp4',
].join(',');
