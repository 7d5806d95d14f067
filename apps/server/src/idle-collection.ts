// Garbage collected once a thread falls idle after a burst of work. V8 collects its
// old generation when it fills, or some 20 to 30 s after the work stops (its memory reducer):
// meanwhile the idle server holds what the burst produced (measured: 200 MB at idle, 270 MB 10 s
// after 10,000 policies reads, 200 MB again after 30 s). Here a thread that handled at least
// `after` units of work (requests, statements) and then none for `idleMs` is collected at once.
// A collection costs this thread some tens of milliseconds, only when it has had nothing to do for
// a second; under steady traffic it never runs.
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

export interface IdleCollection {
  /** One unit of work done (a request answered, a statement run). */
  worked(): void;
  stop(): void;
}

/** Node's `gc`, which only exists with --expose-gc: the flag is set, then a new context has it. */
export function collector(): () => void {
  setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as () => void;
}

export function collectWhenIdle({
  after = 200,
  idleMs = 1000,
  collect = collector(),
}: { after?: number; idleMs?: number; collect?: () => void } = {}): IdleCollection {
  let work = 0;
  let lastWorkAt = 0;
  let timer: NodeJS.Timeout | undefined;

  function check() {
    timer = undefined;
    const quietFor = performance.now() - lastWorkAt;
    if (quietFor < idleMs) {
      arm(idleMs - quietFor);
      return;
    }
    work = 0;
    collect();
  }

  function arm(delay: number) {
    timer = setTimeout(check, delay);
    timer.unref();
  }

  return {
    worked() {
      lastWorkAt = performance.now();
      if (++work >= after && !timer) arm(idleMs);
    },
    stop() {
      clearTimeout(timer);
      timer = undefined;
    },
  };
}
