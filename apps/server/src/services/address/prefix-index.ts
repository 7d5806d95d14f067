// Values found by the start of a key, most important first: entries sorted by key (a binary
// search finds the range of a prefix) with a RangeMinimum over their `order` (lower is more
// important), so the best few of a range of thousands come out without scanning it.
import { RangeMinimum } from './range-minimum';

export interface Keyed<T> {
  key: string;
  /** Lower comes first among the matches of a query. */
  order: number;
  value: T;
}

// Every key is made of [a-z0-9 ]: NUL sorts below any next character, U+FFFF above.
const BELOW_ANY = '\u0000';
const ABOVE_ANY = '\uffff';

export class PrefixIndex<T> {
  private readonly entries: Keyed<T>[];
  private readonly minimum: RangeMinimum;

  constructor(entries: Iterable<Keyed<T>>) {
    this.entries = [...entries].sort((a, b) =>
      a.key < b.key ? -1 : a.key > b.key ? 1 : a.order - b.order,
    );
    this.minimum = new RangeMinimum(Int32Array.from(this.entries, (entry) => entry.order));
  }

  /** Index of the first entry whose key is not below `key`. */
  private lowerBound(key: string): number {
    let low = 0;
    let high = this.entries.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (this.entries[middle]!.key < key) low = middle + 1;
      else high = middle;
    }
    return low;
  }

  private *byOrder(low: number, high: number): Generator<Keyed<T>> {
    for (const at of this.minimum.positionsByValue(low, high)) yield this.entries[at]!;
  }

  /** The entries whose key is `key`, by order. */
  equalTo(key: string): Generator<Keyed<T>> {
    return this.byOrder(this.lowerBound(key), this.lowerBound(key + BELOW_ANY));
  }

  /** The entries whose key starts with `key` and is longer, by order. */
  longerThan(key: string): Generator<Keyed<T>> {
    return this.byOrder(this.lowerBound(key + BELOW_ANY), this.lowerBound(key + ABOVE_ANY));
  }
}

/** Several streams sorted by order, as one stream sorted by order. */
export function* mergeByOrder<T>(streams: Iterable<Keyed<T>>[]): Generator<Keyed<T>> {
  const heads = streams.map((stream) => {
    const iterator = stream[Symbol.iterator]();
    return { iterator, next: iterator.next() };
  });
  for (;;) {
    let best: (typeof heads)[number] | undefined;
    for (const head of heads) {
      if (head.next.done) continue;
      if (!best || head.next.value.order < (best.next.value as Keyed<T>).order) best = head;
    }
    if (!best) return;
    yield best.next.value as Keyed<T>;
    best.next = best.iterator.next();
  }
}
