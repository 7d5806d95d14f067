// Garbage collected once a thread falls idle after a burst of work. V8 collects its
// old generation when it fills, or some 20 to 30 s after the work stops (its memory reducer):
// meanwhile the idle server holds what the burst produced (measured: 200 MB at idle, 270 MB 10 s
// after 10,000 policies reads, 200 MB again after 30 s). Here a thread that handled at least
// `after` units of work (requests, statements) and then none for `idleMs` is collected at once.
// A collection costs this thread some tens of milliseconds, only when it has had nothing to do for
// a second; under steady traffic it never runs.
//
// A full collection does not give back V8's young generation, which grows to 32 MB under a
// start-up or a burst and stays so (its own memory reducer only shrinks it once it finds the
// allocation rate low, some 20 to 30 s later, or never). With `favourMemory`, the thread that owns
// the choice (the request thread) also tells V8 to favour memory over speed while it is idle, so
// the memory reducer's next round, at most 8 s later, gives it back; the first burst turns it off.
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

export interface IdleCollection {
  /** One unit of work done (a request answered, a statement run). */
  worked(): void;
  /** What the thread did so far (its start-up) counts as a burst: collected once it falls idle. */
  afterBurst(): void;
  stop(): void;
}

/** Node's `gc`, which only exists with --expose-gc: the flag is set, then a new context has it. */
export function collector(): () => void {
  setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as () => void;
}

/**
 * V8's heuristics favour memory over speed (`--optimize-for-size`) or not. The flag is the
 * process's, read by both threads' heaps as they run: among other things its memory reducer then
 * runs a memory-reducing collection at its next round (every 8 s while it waits) instead of
 * waiting for a low allocation rate, and that collection shrinks the young generation.
 */
export function favourMemory(favour: boolean): void {
  setFlagsFromString(favour ? '--optimize-for-size' : '--no-optimize-for-size');
}

export function collectWhenIdle({
  after = 200,
  idleMs = 1000,
  collect = collector(),
  favour,
}: {
  after?: number;
  idleMs?: number;
  collect?: () => void;
  /** Called with true once idle after a burst, false when the next burst begins. */
  favour?: (memory: boolean) => void;
} = {}): IdleCollection {
  let work = 0;
  let lastWorkAt = 0;
  let timer: NodeJS.Timeout | undefined;
  let favouringMemory = false;

  function check() {
    timer = undefined;
    const quietFor = performance.now() - lastWorkAt;
    if (quietFor < idleMs) {
      arm(idleMs - quietFor);
      return;
    }
    work = 0;
    collect();
    if (favour && !favouringMemory) {
      favouringMemory = true;
      favour(true);
    }
  }

  function arm(delay: number) {
    timer = setTimeout(check, delay);
    timer.unref();
  }

  return {
    worked() {
      lastWorkAt = performance.now();
      if (++work < after) return;
      if (favour && favouringMemory) {
        favouringMemory = false;
        favour(false);
      }
      if (!timer) arm(idleMs);
    },
    afterBurst() {
      lastWorkAt = performance.now();
      work = after;
      if (!timer) arm(idleMs);
    },
    stop() {
      clearTimeout(timer);
      timer = undefined;
    },
  };
}
