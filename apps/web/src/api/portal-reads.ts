// The reads the portal's shell and its first screen live on: the account, the policies and the
// requests still open (docs/decisions/0114-the-first-screen-before-its-script.md). A
// small cache of its own, not TanStack Query's, so that the first screen is drawn, hydrated and
// kept up to date without loading the query library (the other screens load it with their own
// code). Per signed-in portal (portal.tsx and server-render.tsx make one, with the reads the page
// carried: docs/decisions/0067-first-reads-in-the-page.md). Each read is fetched once and
// shared; it is fetched again when a component starts reading it after its freshness has passed
// (as TanStack Query's staleTime), or at once when a write of the portal invalidates it; a failed
// fetch is tried once more after a second (as the query client's `retry: 1`).
import { createContext, useCallback, useContext, useSyncExternalStore } from 'react';

/**
 * What a component reads: the data, or why there is none yet (the shapes of the query library's
 * results, so that `if (!read.data) return` leaves the data defined, in closures too).
 */
export type Read<T> =
  | { data: undefined; error: undefined; isPending: true; isError: false }
  | { data: T; error: undefined; isPending: false; isError: false }
  | { data: undefined; error: unknown; isPending: false; isError: true }
  | { data: T; error: unknown; isPending: false; isError: true };

/** How to fetch a read, and for how long its data is fresh. */
export interface ReadSpec<T> {
  key: string;
  fetch: () => Promise<T>;
  /** Past this age, a component that starts reading it fetches it again (in the background). */
  freshMs: number;
}

interface Entry {
  read: Read<unknown>;
  fetchedAt: number;
  inFlight: Promise<void> | undefined;
  listeners: Set<() => void>;
  spec: ReadSpec<unknown> | undefined;
}

const PENDING: Read<never> = Object.freeze({
  data: undefined,
  error: undefined,
  isPending: true,
  isError: false,
});

const RETRY_MS = 1000;

export class PortalReads {
  readonly #entries = new Map<string, Entry>();

  #entry(key: string): Entry {
    let entry = this.#entries.get(key);
    if (!entry) {
      entry = {
        read: PENDING,
        fetchedAt: -Infinity,
        inFlight: undefined,
        listeners: new Set(),
        spec: undefined,
      };
      this.#entries.set(key, entry);
    }
    return entry;
  }

  #set(entry: Entry, read: Read<unknown>) {
    entry.read = read;
    for (const listener of entry.listeners) listener();
  }

  /** Puts a read in: its data, or a fetch already under way (main.tsx's, matching the page's preload). */
  put<T>(key: string, value: T | Promise<T>): void {
    const entry = this.#entry(key);
    if (!(value instanceof Promise)) {
      entry.fetchedAt = Date.now();
      this.#set(entry, { data: value, error: undefined, isPending: false, isError: false });
      return;
    }
    entry.inFlight = this.#settle(entry, value).finally(() => (entry.inFlight = undefined));
  }

  async #settle(entry: Entry, value: Promise<unknown>): Promise<void> {
    try {
      const data = await value;
      entry.fetchedAt = Date.now();
      this.#set(entry, { data, error: undefined, isPending: false, isError: false });
    } catch (error) {
      // Data fetched before stays with the error, as with the query client.
      this.#set(entry, {
        data: entry.read.data,
        error,
        isPending: false,
        isError: true,
      } as Read<unknown>);
    }
  }

  #fetch(entry: Entry): Promise<void> {
    const spec = entry.spec;
    if (!spec) return Promise.resolve();
    entry.inFlight ??= this.#settle(
      entry,
      spec
        .fetch()
        .catch(() =>
          new Promise((resolve) => setTimeout(resolve, RETRY_MS)).then(() => spec.fetch()),
        ),
    ).finally(() => (entry.inFlight = undefined));
    return entry.inFlight;
  }

  /** The read of `key` as it is now (the same object until it changes). */
  snapshot<T>(key: string): Read<T> {
    return (this.#entries.get(key)?.read ?? PENDING) as Read<T>;
  }

  /** Watches a read: fetched when missing or no longer fresh; returns the end of the watch. */
  watch<T>(spec: ReadSpec<T>, listener: () => void): () => void {
    const entry = this.#entry(spec.key);
    entry.spec = spec as ReadSpec<unknown>;
    entry.listeners.add(listener);
    if (Date.now() - entry.fetchedAt > spec.freshMs || entry.read.isError) void this.#fetch(entry);
    return () => entry.listeners.delete(listener);
  }

  /**
   * After a write that changed it: fetched again at once when a component shows it, else when one
   * next does. Resolves when the new data is in (or at once).
   */
  invalidate(key: string): Promise<void> {
    const entry = this.#entries.get(key);
    if (!entry) return Promise.resolve();
    entry.fetchedAt = -Infinity;
    return entry.listeners.size > 0 ? this.#fetch(entry) : Promise.resolve();
  }

  /** Changes a read's data in place (a write whose answer says what it became). */
  update<T>(key: string, change: (data: T) => T): void {
    const entry = this.#entries.get(key);
    if (entry?.read.data === undefined) return;
    this.#set(entry, { ...entry.read, data: change(entry.read.data as T) } as Read<unknown>);
  }
}

export const PortalReadsContext = createContext<PortalReads | null>(null);

/** The signed-in portal's reads. */
export function usePortalReads(): PortalReads {
  const reads = useContext(PortalReadsContext);
  if (!reads) throw new Error('usePortalReads outside of a signed-in tree');
  return reads;
}

/**
 * Reads `spec` for a component, rendered again when it changes. `spec` keeps its identity from
 * one render to the next (useMemo): a new one watches the read again.
 */
export function useRead<T>(spec: ReadSpec<T>): Read<T> {
  const reads = usePortalReads();
  const watch = useCallback((listener: () => void) => reads.watch(spec, listener), [reads, spec]);
  const snapshot = useCallback(() => reads.snapshot<T>(spec.key), [reads, spec]);
  return useSyncExternalStore(watch, snapshot, snapshot);
}
