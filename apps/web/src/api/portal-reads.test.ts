// The portal's own reads (portal-reads.ts): what a component reading one gets, when it is
// fetched, fetched again, retried and changed.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PortalReads, type ReadSpec } from './portal-reads';

const spec = (fetch: () => Promise<string>, freshMs = 30_000): ReadSpec<string> => ({
  key: 'policies',
  fetch,
  freshMs,
});

/** Lets the promises settled so far run their callbacks. */
const settle = () => vi.advanceTimersByTimeAsync(0);

describe('the portal’s reads', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('gives the data the page carried at once, without a fetch', () => {
    const reads = new PortalReads();
    reads.put('policies', 'carried');
    const fetch = vi.fn(() => Promise.resolve('fetched'));
    reads.watch(spec(fetch), () => undefined);
    expect(reads.snapshot('policies')).toMatchObject({ data: 'carried', isPending: false });
    expect(fetch).not.toHaveBeenCalled();
  });

  it('waits for a read under way instead of sending another', async () => {
    const reads = new PortalReads();
    let deliver: (value: string) => void = () => undefined;
    reads.put('policies', new Promise<string>((resolve) => (deliver = resolve)));
    const fetch = vi.fn(() => Promise.resolve('fetched'));
    const changed = vi.fn();
    reads.watch(spec(fetch), changed);
    expect(reads.snapshot('policies')).toMatchObject({ isPending: true, data: undefined });
    deliver('carried');
    await settle();
    expect(reads.snapshot('policies')).toMatchObject({ data: 'carried', isPending: false });
    expect(changed).toHaveBeenCalled();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('fetches a missing read once for every component that reads it', async () => {
    const reads = new PortalReads();
    const fetch = vi.fn(() => Promise.resolve('fetched'));
    for (let i = 0; i < 5; i++) reads.watch(spec(fetch, 0), () => undefined);
    await settle();
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(reads.snapshot('policies').data).toBe('fetched');
  });

  it('fetches again past its freshness when a component starts reading it, keeping the data meanwhile', async () => {
    const reads = new PortalReads();
    reads.put('policies', 'carried');
    const fetch = vi.fn(() => Promise.resolve('newer'));
    reads.watch(spec(fetch), () => undefined);
    await vi.advanceTimersByTimeAsync(29_000);
    reads.watch(spec(fetch), () => undefined);
    expect(fetch).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(2_000);
    reads.watch(spec(fetch), () => undefined);
    expect(reads.snapshot('policies').data).toBe('carried');
    await settle();
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(reads.snapshot('policies').data).toBe('newer');
  });

  it('fetches at once after a write invalidates a read on screen, later when none shows it', async () => {
    const reads = new PortalReads();
    reads.put('policies', 'before');
    const fetch = vi.fn(() => Promise.resolve('after'));
    const stop = reads.watch(spec(fetch), () => undefined);
    await reads.invalidate('policies');
    expect(reads.snapshot('policies').data).toBe('after');
    stop();
    await reads.invalidate('policies');
    expect(fetch).toHaveBeenCalledTimes(1);
    reads.watch(spec(fetch), () => undefined);
    await settle();
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('tries a failed fetch once more after a second, then reports the error', async () => {
    const reads = new PortalReads();
    const fetch = vi
      .fn<() => Promise<string>>()
      .mockRejectedValueOnce(new Error('réseau'))
      .mockResolvedValueOnce('fetched');
    reads.watch(spec(fetch), () => undefined);
    await settle();
    expect(reads.snapshot('policies')).toMatchObject({ isPending: true });
    await vi.advanceTimersByTimeAsync(1_000);
    expect(reads.snapshot('policies')).toMatchObject({ data: 'fetched', isError: false });

    const failing = new PortalReads();
    const always = vi.fn(() => Promise.reject(new Error('réseau')));
    failing.watch(spec(always), () => undefined);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(always).toHaveBeenCalledTimes(2);
    expect(failing.snapshot('policies')).toMatchObject({ isError: true, isPending: false });
    expect((failing.snapshot('policies').error as Error).message).toBe('réseau');
  });

  it('changes a read in place after a write that says what it became', () => {
    const reads = new PortalReads();
    reads.put('account', { consent: false });
    const before = reads.snapshot('account');
    reads.update<{ consent: boolean }>('account', (account) => ({ ...account, consent: true }));
    expect(reads.snapshot('account').data).toEqual({ consent: true });
    // A new object: a component reading it renders again.
    expect(reads.snapshot('account')).not.toBe(before);
  });
});
