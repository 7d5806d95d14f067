// Answers of a read kept in memory with the version of the data they were built from, per
// database (tests open several in one process), for the reads whose data carries a version drawn
// by triggers (policies: migration 0018; FAQ: migration 0019). Only a memo: a read asks the
// database for the current version and uses a kept answer only if it was built at that version,
// so a change made through another instance, or outside the portal, is seen at once, and a kill
// or a restart loses nothing. Bounded: the least recently used answers go first.
import { LRUCache } from 'lru-cache';
import type { Db } from '../../db/client';

export interface Kept<T> {
  version: string;
  value: T;
}

export interface KeptAnswers<T> {
  get(db: Db, key: string): Kept<T> | undefined;
  set(db: Db, key: string, kept: Kept<T>): void;
}

/** Answers kept up to `maxSize` in all per database, each weighing `sizeOf` (at least 1). */
export function keptAnswers<T>(maxSize: number, sizeOf: (value: T) => number): KeptAnswers<T> {
  const byDb = new WeakMap<Db, LRUCache<string, Kept<T>>>();
  const of = (db: Db) => {
    let answers = byDb.get(db);
    if (!answers) {
      answers = new LRUCache<string, Kept<T>>({
        maxSize,
        sizeCalculation: (kept) => Math.max(1, sizeOf(kept.value)),
      });
      byDb.set(db, answers);
    }
    return answers;
  };
  return {
    get: (db, key) => of(db).get(key),
    set: (db, key, kept) => void of(db).set(key, kept),
  };
}
