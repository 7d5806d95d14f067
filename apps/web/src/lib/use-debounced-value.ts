// A value that settles: shared by the searches as you type (FAQ, address search).
import { useEffect, useState } from 'react';

/** The value once it has not changed for `delayMs` (search as you type without a call per key). */
export function useDebouncedValue<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}
