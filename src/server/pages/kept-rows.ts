// What each page's statement read last, per session and page, with the stamps of the data it was
// read from (db/schema.ts `dataStamp`). A page asked for again with nothing changed costs one
// indexed read of the session and the stamps instead of its whole statement: on Saturday morning
// a class opens the same pages again and again while few of them change anything. The stamps are
// set by the database itself, at the commit of any change to a table the pages read, so what an
// instance keeps is never served once another instance (or a script, or a restore) changed the data.

/** A page's row as its statement read it, and the stamps read with it (in the same snapshot). */
export interface KeptRow<Row> {
  readonly stamps: string;
  readonly row: Row;
}

/**
 * The most recently used page rows, at most `limit` of them (every student of a large class on
 * each of their pages); the oldest go first.
 */
export class KeptRows<Row> {
  private readonly rows = new Map<string, KeptRow<Row>>();
  private readonly limit: number;

  constructor(limit = 10_000) {
    this.limit = limit;
  }

  get(key: string): KeptRow<Row> | undefined {
    const kept = this.rows.get(key);
    if (kept) {
      // Used again: the newest.
      this.rows.delete(key);
      this.rows.set(key, kept);
    }
    return kept;
  }

  set(key: string, kept: KeptRow<Row>) {
    this.rows.delete(key);
    this.rows.set(key, kept);
    if (this.rows.size > this.limit) this.rows.delete(this.rows.keys().next().value!);
  }

  delete(key: string) {
    this.rows.delete(key);
  }

  get size() {
    return this.rows.size;
  }
}
