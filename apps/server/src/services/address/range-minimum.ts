// The smallest values of any range of a fixed array, smallest first, without scanning the
// range: a sparse table answers "where is the minimum of [low, high)" in constant time, and a
// small heap of sub-ranges hands out the next smallest on demand. Taking k values from a range
// costs O(k log k) whatever its length, so a two-letter query matching thousands of communes
// is answered as fast as a precise one. Ties go to the lower position.

export class RangeMinimum {
  /** levels[j][i]: position of the minimum of [i, i + 2^j). */
  private readonly levels: Int32Array[];

  constructor(private readonly values: Int32Array) {
    const first = new Int32Array(values.length);
    for (let i = 0; i < values.length; i++) first[i] = i;
    this.levels = [first];
    for (let span = 2; span <= values.length; span *= 2) {
      const previous = this.levels.at(-1)!;
      const half = span / 2;
      const level = new Int32Array(values.length - span + 1);
      for (let i = 0; i < level.length; i++) {
        level[i] = this.lower(previous[i]!, previous[i + half]!);
      }
      this.levels.push(level);
    }
  }

  private lower(a: number, b: number): number {
    const va = this.values[a]!;
    const vb = this.values[b]!;
    return vb < va || (vb === va && b < a) ? b : a;
  }

  /** Position of the minimum of the non-empty range [low, high). */
  positionOfMinimum(low: number, high: number): number {
    const level = 31 - Math.clz32(high - low);
    const table = this.levels[level]!;
    return this.lower(table[low]!, table[high - (1 << level)]!);
  }

  /** The positions of [low, high), by increasing value (then position), computed lazily. */
  *positionsByValue(low: number, high: number): Generator<number> {
    if (low >= high) return;
    const heap = new RangeHeap(this.values);
    heap.push(low, high, this.positionOfMinimum(low, high));
    while (heap.size > 0) {
      const { low: l, high: h, at } = heap.pop();
      yield at;
      if (l < at) heap.push(l, at, this.positionOfMinimum(l, at));
      if (at + 1 < h) heap.push(at + 1, h, this.positionOfMinimum(at + 1, h));
    }
  }
}

interface Span {
  low: number;
  high: number;
  /** Position of the span's minimum. */
  at: number;
}

/** A binary min-heap of spans, by the value at their minimum, then its position. */
class RangeHeap {
  private readonly spans: Span[] = [];

  constructor(private readonly values: Int32Array) {}

  get size() {
    return this.spans.length;
  }

  private before(a: Span, b: Span) {
    const va = this.values[a.at]!;
    const vb = this.values[b.at]!;
    return va < vb || (va === vb && a.at < b.at);
  }

  push(low: number, high: number, at: number) {
    const { spans } = this;
    spans.push({ low, high, at });
    let i = spans.length - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!this.before(spans[i]!, spans[parent]!)) break;
      [spans[i], spans[parent]] = [spans[parent]!, spans[i]!];
      i = parent;
    }
  }

  pop(): Span {
    const { spans } = this;
    const top = spans[0]!;
    const last = spans.pop()!;
    if (spans.length > 0) {
      spans[0] = last;
      let i = 0;
      for (;;) {
        const left = 2 * i + 1;
        const right = left + 1;
        let smallest = i;
        if (left < spans.length && this.before(spans[left]!, spans[smallest]!)) smallest = left;
        if (right < spans.length && this.before(spans[right]!, spans[smallest]!)) smallest = right;
        if (smallest === i) break;
        [spans[i], spans[smallest]] = [spans[smallest]!, spans[i]!];
        i = smallest;
      }
    }
    return top;
  }
}
