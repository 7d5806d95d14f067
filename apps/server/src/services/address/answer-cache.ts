// The national address service's answers kept a short while in process memory
// (geoplateforme-search.ts): the same search again within `ttlMs`, or while the first is still
// on its way, makes no second call. Only answers are kept, never a failure; at most
// `maxEntries`, the oldest going first. Keys are the query as typed, trimmed and lower-cased.

const TTL_MS = 60_000;
const MAX_ENTRIES = 2_000;

export class AnswerCache<T> {
  private readonly entries = new Map<string, { until: number; value: Promise<T> }>();

  constructor(
    private readonly ttlMs = TTL_MS,
    private readonly maxEntries = MAX_ENTRIES,
  ) {}

  get(query: string, load: () => Promise<T>): Promise<T> {
    const key = query.trim().replace(/\s+/g, ' ').toLowerCase();
    const now = Date.now();
    const kept = this.entries.get(key);
    if (kept && kept.until > now) return kept.value;
    this.entries.delete(key);
    const value = load();
    this.entries.set(key, { until: now + this.ttlMs, value });
    value.catch(() => {
      if (this.entries.get(key)?.value === value) this.entries.delete(key);
    });
    while (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
    return value;
  }
}
