// The day the portal counts from (today.tsx): the day the server drew the screen on until the
// browser takes over, then the browser's day, which turns at midnight in Paris while the page
// stays open.
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TodayProvider, useToday } from './today';

function Day() {
  return <p>{useToday()}</p>;
}

describe('the day the portal counts from', () => {
  let container: HTMLDivElement;
  let root: Root;

  beforeEach(() => {
    container = document.body.appendChild(document.createElement('div'));
    root = createRoot(container);
  });
  afterEach(async () => {
    await act(async () => root.unmount());
    container.remove();
    vi.useRealTimers();
  });

  it('is the browser’s day once taken over, whatever day the screen was drawn on', async () => {
    vi.useFakeTimers({ now: new Date('2026-11-28T10:00:00Z') });
    await act(async () =>
      root.render(
        <TodayProvider drawnOn="2026-11-27">
          <Day />
        </TodayProvider>,
      ),
    );
    expect(container.textContent).toBe('2026-11-28');
  });

  it('turns at midnight in Paris, 23:00 UTC in winter, while the page stays open', async () => {
    vi.useFakeTimers({ now: new Date('2026-11-28T22:30:00Z') });
    await act(async () =>
      root.render(
        <TodayProvider>
          <Day />
        </TodayProvider>,
      ),
    );
    expect(container.textContent).toBe('2026-11-28');
    // 22:59 UTC is still 23:59 in Paris.
    await act(async () => vi.advanceTimersByTime(29 * 60_000));
    expect(container.textContent).toBe('2026-11-28');
    await act(async () => vi.advanceTimersByTime(3 * 60_000));
    expect(container.textContent).toBe('2026-11-29');
  });
});
