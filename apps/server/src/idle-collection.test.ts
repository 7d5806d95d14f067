import { describe, expect, it } from 'vitest';
import { collectWhenIdle, collector } from './idle-collection';

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('collection when a thread falls idle', () => {
  it('collects once after a burst, when the work has stopped for the idle time', async () => {
    let collections = 0;
    const idle = collectWhenIdle({ after: 3, idleMs: 300, collect: () => collections++ });
    idle.worked();
    idle.worked();
    await wait(400);
    expect(collections).toBe(0); // fewer than `after`: no burst
    idle.worked();
    // Work goes on: no collection while it does.
    for (let i = 0; i < 5; i++) {
      await wait(50);
      idle.worked();
    }
    expect(collections).toBe(0);
    await wait(600);
    expect(collections).toBe(1);
    await wait(400);
    expect(collections).toBe(1); // once per burst
    idle.stop();
  });

  it('favours memory once idle after a burst, and speed again when the next burst begins', async () => {
    const favoured: boolean[] = [];
    const idle = collectWhenIdle({
      after: 3,
      idleMs: 100,
      collect: () => undefined,
      favour: (memory) => favoured.push(memory),
    });
    for (let i = 0; i < 3; i++) idle.worked();
    await wait(200);
    expect(favoured).toEqual([true]);
    idle.worked();
    idle.worked();
    expect(favoured).toEqual([true]); // a few requests while idle: still memory
    idle.worked();
    expect(favoured).toEqual([true, false]); // a burst: speed
    await wait(200);
    expect(favoured).toEqual([true, false, true]);
    idle.stop();
  });

  it('counts the start-up as a burst: collected once the thread falls idle', async () => {
    let collections = 0;
    const idle = collectWhenIdle({ after: 200, idleMs: 100, collect: () => collections++ });
    idle.afterBurst();
    idle.worked(); // the first requests push the collection back until they stop
    await wait(50);
    expect(collections).toBe(0);
    await wait(150);
    expect(collections).toBe(1);
    idle.stop();
  });

  it('collects nothing once stopped', async () => {
    let collections = 0;
    const idle = collectWhenIdle({ after: 1, idleMs: 30, collect: () => collections++ });
    idle.worked();
    idle.stop();
    await wait(80);
    expect(collections).toBe(0);
  });

  it('gives Node’s own collection', () => {
    const collect = collector();
    expect(typeof collect).toBe('function');
    expect(() => collect()).not.toThrow();
  });
});
