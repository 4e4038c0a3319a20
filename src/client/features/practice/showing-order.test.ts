import { describe, expect, it } from 'vitest';
import { showingOrder } from './showing-order.ts';

describe('showingOrder', () => {
  it('is every position of the bank once', () => {
    for (let count = 2; count <= 5; count++) expect(showingOrder(count).toSorted()).toEqual([...Array(count).keys()]);
  });

  it('follows the random draw it is given', () => {
    // Fisher–Yates from the end: always the first of what is left, 0 1 2 → 1 2 0.
    expect(showingOrder(3, () => 0)).toEqual([1, 2, 0]);
    expect(showingOrder(3, (below) => below - 1)).toEqual([0, 1, 2]);
  });

  it('differs between showings', () => {
    const orders = new Set(Array.from({ length: 40 }, () => showingOrder(4).join()));
    // 24 orders: the same one forty times running is a chance of 24^-39.
    expect(orders.size).toBeGreaterThan(1);
  });
});
