// The calendar day in Paris the screens count from (todayInParis: the days left to send a
// document turn at midnight in France). The first screen the server drew is taken over with the
// day it was drawn on, which the page names (`portal-drawn-on`): a page drawn just before
// midnight and taken over just after would otherwise show another count than the one drawn, and
// React would draw the screen again. Once taken over, the portal counts from the browser's day,
// and turns to the next one at midnight while the page stays open.
import { todayInParis } from '@espace/contract';
import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { pageMeta } from './page-meta';

const TodayContext = createContext<string | undefined>(undefined);

const HOUR_MS = 3_600_000;

export function TodayProvider({
  drawnOn,
  children,
}: {
  /** The day the server drew the first screen on, when it drew it. */
  drawnOn?: string | undefined;
  children: ReactNode;
}) {
  const [today, setToday] = useState(() => drawnOn ?? todayInParis());
  useEffect(() => {
    // Midnight in Paris is always on the hour in UTC (22:00 or 23:00): checked at each hour, and
    // when the page shows again (a device asleep holds its timers back).
    let timer: ReturnType<typeof setTimeout>;
    const check = () => {
      setToday(todayInParis());
      clearTimeout(timer);
      timer = setTimeout(check, HOUR_MS - (Date.now() % HOUR_MS) + 1_000);
    };
    check();
    document.addEventListener('visibilitychange', check);
    return () => {
      clearTimeout(timer);
      document.removeEventListener('visibilitychange', check);
    };
  }, []);
  return <TodayContext.Provider value={today}>{children}</TodayContext.Provider>;
}

/** Today in Paris as an ISO date: the day the screen was drawn on until the browser takes over. */
export function useToday(): string {
  return useContext(TodayContext) ?? todayInParis();
}

/** The day the server drew the page's first screen on, as the page names it. */
export function pageDrawnOn(): string | undefined {
  return pageMeta('portal-drawn-on');
}
