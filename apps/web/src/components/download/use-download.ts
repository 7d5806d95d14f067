// What a download is doing, per item (docs/decisions/0047-upload-outcome-on-the-item.md): a
// document fetched as a blob can take seconds on a slow line, so the item says so while it runs
// and a second tap on it does nothing until it ends. Downloads of different items may run at
// once.
import { useCallback, useRef, useState } from 'react';

export interface Downloads {
  /** Whether the item's download is running. */
  isBusy(key: string): boolean;
  /**
   * Runs the item's download unless it is already running; resolves with true when it ended
   * well, false when it failed or was already running (`onError` is told of a failure).
   */
  run(
    key: string,
    download: () => Promise<void>,
    onError?: (error: unknown) => void,
  ): Promise<boolean>;
}

export function useDownloads(): Downloads {
  const [busy, setBusy] = useState<ReadonlySet<string>>(new Set());
  // Read synchronously, so two taps within one render still start one download.
  const running = useRef(new Set<string>());
  const update = () => setBusy(new Set(running.current));

  const run = useCallback(
    async (key: string, download: () => Promise<void>, onError?: (error: unknown) => void) => {
      if (running.current.has(key)) return false;
      running.current.add(key);
      update();
      try {
        await download();
        return true;
      } catch (error) {
        onError?.(error);
        return false;
      } finally {
        running.current.delete(key);
        update();
      }
    },
    [],
  );
  return { isBusy: (key) => busy.has(key), run };
}
