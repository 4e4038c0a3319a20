// The documents the server has drawn, kept by what they were drawn from. A page's render is a
// function of its address and its data alone (the app's components, this build, the public
// origin): the same data gives the same HTML. So a student who opens the page again, or a
// browser asking again with nothing changed, gets the document drawn before, compressed before,
// instead of a new render. The key is the page's whole data, the person's included: a document
// is only ever served for exactly the data it was drawn from, never for another person's.
import { createHash } from 'node:crypto';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';

/** A drawn document and its compressed forms, made the first time they are asked for. */
export interface DrawnDocument {
  readonly key: string;
  readonly html: string;
  br?: Buffer;
  gzip?: Buffer;
}

export type Encoding = 'br' | 'gzip';

const sizeOf = (document: DrawnDocument) => document.html.length + (document.br?.length ?? 0) + (document.gzip?.length ?? 0);

const compress = (html: string, encoding: Encoding) =>
  encoding === 'br' ? brotliCompressSync(html, { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } }) : gzipSync(html);

/**
 * The most recently used drawn documents, within `budgetBytes` (a few thousand pages: every
 * student of a large course on their last pages). The oldest go first.
 */
export class DrawnDocuments {
  private readonly documents = new Map<string, DrawnDocument>();
  private readonly pending = new Map<string, Promise<DrawnDocument>>();
  private readonly budgetBytes: number;
  private total = 0;

  constructor(budgetBytes = 32 * 1024 * 1024) {
    this.budgetBytes = budgetBytes;
  }

  /** The key of a page's document: its address and its data, whole. */
  static key(pathname: string, data: string): string {
    return createHash('sha256').update(pathname).update('\0').update(data).digest('base64');
  }

  get(key: string): DrawnDocument | undefined {
    const document = this.documents.get(key);
    if (document) {
      // Used again: the newest.
      this.documents.delete(key);
      this.documents.set(key, document);
    }
    return document;
  }

  /**
   * The document of `key` drawn by `draw`, once however many ask for it at the same time; kept
   * when `draw` says so (not after a failed render).
   */
  drawing(key: string, draw: () => Promise<{ html: string; keep: boolean }>): Promise<DrawnDocument> {
    let pending = this.pending.get(key);
    if (!pending) {
      pending = draw()
        .then(({ html, keep }) => (keep ? this.add(key, html) : { key, html }))
        .finally(() => this.pending.delete(key));
      this.pending.set(key, pending);
    }
    return pending;
  }

  add(key: string, html: string): DrawnDocument {
    const document: DrawnDocument = { key, html };
    const before = this.documents.get(key);
    if (before) this.total -= sizeOf(before);
    this.documents.delete(key);
    this.documents.set(key, document);
    this.grow(html.length);
    return document;
  }

  /** The document in `encoding`, compressed the first time. */
  encoded(document: DrawnDocument, encoding: Encoding): Buffer {
    const kept = document[encoding];
    if (kept) return kept;
    const bytes = compress(document.html, encoding);
    document[encoding] = bytes;
    // Counted while it is kept (a document dropped meanwhile no longer counts).
    if (this.documents.get(document.key) === document) this.grow(bytes.length);
    return bytes;
  }

  private grow(bytes: number) {
    this.total += bytes;
    for (const [key, document] of this.documents) {
      if (this.total <= this.budgetBytes) break;
      this.total -= sizeOf(document);
      this.documents.delete(key);
    }
  }

  get size() {
    return this.documents.size;
  }
}
