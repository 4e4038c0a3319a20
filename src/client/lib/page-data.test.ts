import { describe, expect, it } from 'vitest';
import { documentFromCache } from './page-data.ts';

const entry = (fields: { deliveryType?: string; transferSize: number; encodedBodySize: number }) =>
  fields as unknown as PerformanceNavigationTiming;

describe("the browser's copy of a page", () => {
  it('is recognised by how the browser says the document came, or by no bytes on the wire', () => {
    expect(documentFromCache(entry({ deliveryType: 'cache', transferSize: 0, encodedBodySize: 9_000 }))).toBe(true);
    // A browser that does not say how it came (no deliveryType): a body without bytes on the wire.
    expect(documentFromCache(entry({ transferSize: 0, encodedBodySize: 9_000 }))).toBe(true);
  });

  it('is not a document the server just sent, nor a page without a navigation entry', () => {
    expect(documentFromCache(entry({ deliveryType: '', transferSize: 9_300, encodedBodySize: 9_000 }))).toBe(false);
    expect(documentFromCache(entry({ transferSize: 9_300, encodedBodySize: 9_000 }))).toBe(false);
    // Sizes hidden (another origin's rules): not taken for a copy.
    expect(documentFromCache(entry({ deliveryType: '', transferSize: 0, encodedBodySize: 0 }))).toBe(false);
    expect(documentFromCache(undefined)).toBe(false);
  });
});
