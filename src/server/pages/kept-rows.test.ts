import { describe, expect, it } from 'vitest';
import { KeptRows } from './kept-rows.ts';

describe('KeptRows', () => {
  it('keeps at most its limit, the least recently used going first', () => {
    const kept = new KeptRows<number>(2);
    kept.set('a', { stamps: '1', row: 1 });
    kept.set('b', { stamps: '1', row: 2 });
    expect(kept.get('a')?.row).toBe(1); // 'a' used again: 'b' is now the oldest
    kept.set('c', { stamps: '1', row: 3 });
    expect(kept.size).toBe(2);
    expect(kept.get('b')).toBeUndefined();
    expect(kept.get('a')?.row).toBe(1);
    expect(kept.get('c')?.row).toBe(3);
  });

  it('a row read again replaces the one kept, and a refused session drops it', () => {
    const kept = new KeptRows<number>();
    kept.set('a', { stamps: '1', row: 1 });
    kept.set('a', { stamps: '2', row: 2 });
    expect(kept.get('a')).toEqual({ stamps: '2', row: 2 });
    kept.delete('a');
    expect(kept.get('a')).toBeUndefined();
    expect(kept.size).toBe(0);
  });
});
