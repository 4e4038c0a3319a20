import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { DrawnDocuments } from './drawn-documents.ts';

describe('the drawn documents', () => {
  it('keys a document by its address and its whole data', () => {
    expect(DrawnDocuments.key('/c/m/modulo', '{"user":"a"}')).toBe(DrawnDocuments.key('/c/m/modulo', '{"user":"a"}'));
    expect(DrawnDocuments.key('/c/m/modulo', '{"user":"a"}')).not.toBe(DrawnDocuments.key('/c/m/modulo', '{"user":"b"}'));
    expect(DrawnDocuments.key('/c/m/modulo', '{}')).not.toBe(DrawnDocuments.key('/c/n/modulo', '{}'));
  });

  it('draws a page once for all who ask at the same time, and keeps it unless told not to', async () => {
    const documents = new DrawnDocuments();
    let draws = 0;
    const draw = async () => {
      draws += 1;
      await new Promise((resolve) => setTimeout(resolve, 10));
      return { html: '<p>A</p>', keep: true };
    };
    const all = await Promise.all([documents.drawing('a', draw), documents.drawing('a', draw), documents.drawing('a', draw)]);
    expect(draws).toBe(1);
    expect(new Set(all).size).toBe(1);
    expect(documents.get('a')?.html).toBe('<p>A</p>');
    // A failed render is sent, not kept.
    await documents.drawing('b', async () => ({ html: '<p>sin dibujar</p>', keep: false }));
    expect(documents.get('b')).toBeUndefined();
  });

  it('compresses once per encoding, and keeps within its budget, the least recently used going first', () => {
    const page = (n: number) => `<p>${String(n).repeat(100)}</p>`;
    const documents = new DrawnDocuments(1_000);
    const first = documents.add('1', page(1));
    const br = documents.encoded(first, 'br');
    expect(documents.encoded(first, 'br')).toBe(br);
    expect(brotliDecompressSync(br).toString()).toBe(page(1));
    expect(gunzipSync(documents.encoded(first, 'gzip')).toString()).toBe(page(1));
    for (let n = 2; n <= 20; n++) {
      documents.add(String(n), page(n));
      // The first, used all along, stays.
      documents.get('1');
    }
    expect(documents.get('1')?.html).toBe(page(1));
    expect(documents.get('2')).toBeUndefined();
    expect(documents.get('20')?.html).toBe(page(20));
    expect(documents.size).toBeLessThan(10);
  });
});
