// `npm run bench -- web`: the time to the first policy card, the time to interactive and the
// Largest Contentful Paint in Chromium (/usr/bin/chromium, or CHROMIUM_PATH) under 4× CPU
// throttling and the DevTools "Fast 3G" profile, with the bytes on the wire: warm (cached assets,
// portal session open: the page with its first reads, docs/decisions/0065-portal-session-cookie.md
// and 0067), cold (the same with the HTTP cache emptied) and a new visitor (empty cache, no
// session: `/` answered with the sign-in form, the form, the callback page; measured first, as it
// opens the session the others use), each the median of BENCH_WEB_ROUNDS rounds (3) in new
// browser contexts. The time to interactive is the warm visit's: when the first card's
// « Faire un changement » button opens its menu. The compiled server (compiled-server.ts: PGlite,
// demo data, NODE_ENV=production) with the built SPA: `npm run build` first. Printed as a table
// (figure, now, goal), not asserted.
// BENCH_WEB_VS=<git ref> (a commit, tag or branch: BENCH_WEB_VS=74ebb75) measures that commit
// beside the current code in the same run: checkout.ts checks it out as a git worktree in
// node_modules/.cache/bench-web-vs/<full sha>, runs `npm ci` and `npm run build` there (the first
// time only: minutes; the npm registry must answer unless npm's cache holds every package), and
// starts its compiled server beside the current one, each on its own port; the rounds alternate
// between the two (before, now, before, now…) so that the machine's load weighs on both alike, and
// the table gets a « before » column. Unset: the current code only. Run it under
// `flock /tmp/espace-heavy.lock` on the shared machine (it takes no lock itself).
// The moments are taken in the page: a MutationObserver notes when the first card is in the
// document, and the sign-in form is filled and sent (through its own script) as soon as its page
// is parsed, as by a customer whose browser fills it in. Playwright's waiting and typing had
// added over a second (it polls every 500 ms after its first tries; each action takes some
// 200 ms under the CPU throttling). Each figure is the moment noted in the page (epoch ms) minus
// the time taken just before `page.goto`.
import path from 'node:path';
import { chromium, type Browser, type BrowserContext } from 'playwright-core';
import { builtCheckout } from './checkout';
import { startCompiledServer, type CompiledServer } from './compiled-server';
import { printWebTable, recordWebFigures, type Visit, type WebFigures } from './web-figures';
import {
  MARK_BINDING,
  OPEN_FIRST_MENU,
  SIGN_IN_AND_NOTE_FIRST_CARD,
  type Mark,
} from './web-scripts';

const FAST_3G = {
  offline: false,
  latency: 562.5,
  downloadThroughput: (1.44 * 1024 * 1024) / 8,
  uploadThroughput: (675 * 1024) / 8,
};
const CPU_SLOWDOWN = 4;

/** Rounds of the three visits (BENCH_WEB_ROUNDS, default 3); each figure is their median. */
const ROUNDS = Number(process.env.BENCH_WEB_ROUNDS ?? 3);

/** The earlier commit measured beside the current code (see the header), if any. */
const VS = process.env.BENCH_WEB_VS?.trim() || undefined;

const ROOT = path.resolve(import.meta.dirname, '..');

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

/** The visit of median first-card time (its LCP and bytes with it). */
function medianVisit(visits: Visit[]): Visit {
  const sorted = [...visits].sort((a, b) => a.firstCard - b.firstCard);
  return sorted[Math.floor(sorted.length / 2)]!;
}

async function visit(
  context: BrowserContext,
  url: string,
  { interactive = false } = {},
): Promise<Visit> {
  const page = await context.newPage();
  await page.addInitScript(SIGN_IN_AND_NOTE_FIRST_CARD);
  if (interactive) await page.addInitScript(OPEN_FIRST_MENU);
  page.setDefaultTimeout(120_000);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', FAST_3G);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  let bytes = 0;
  cdp.on('Network.loadingFinished', (event: { encodedDataLength: number }) => {
    bytes += event.encodedDataLength;
  });
  // The page reports its moments through a binding (web-scripts.ts): nothing of Playwright's
  // runs in the page until they are all in.
  const marks = new Map<Mark['name'], number>();
  const awaited: Mark['name'][] = interactive ? ['firstCard', 'interactive'] : ['firstCard'];
  let allIn!: () => void;
  const reported = new Promise<void>((resolve) => (allIn = resolve));
  let hydratedIn!: () => void;
  const hydrated = new Promise<void>((resolve) => (hydratedIn = resolve));
  await cdp.send('Runtime.enable');
  await cdp.send('Runtime.addBinding', { name: MARK_BINDING });
  cdp.on('Runtime.bindingCalled', (event: { name: string; payload: string }) => {
    if (event.name !== MARK_BINDING) return;
    const mark = JSON.parse(event.payload) as Mark;
    if (!marks.has(mark.name)) marks.set(mark.name, mark.at);
    if (awaited.every((name) => marks.has(name))) allIn();
    if (mark.name === 'hydrated') hydratedIn();
  });
  const started = Date.now();
  await page.goto(url, { waitUntil: 'commit' });
  await Promise.race([
    reported,
    new Promise((_, reject) =>
      setTimeout(
        () =>
          reject(
            new Error(
              `${url}: after 120 s the page had reported ${[...marks.keys()].join(', ') || 'nothing'} of ${awaited.join(', ')}`,
            ),
          ),
        120_000,
      ),
    ),
  ]);
  // The hydration mark of a build that sets it (an earlier commit may not): 10 s more at most.
  if (interactive) await Promise.race([hydrated, new Promise((r) => setTimeout(r, 10_000))]);
  const at = (name: Mark['name']) => (marks.has(name) ? marks.get(name)! - started : undefined);
  // LCP of the portal page, from its own navigation start.
  const lcp = await page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        new PerformanceObserver((list) => {
          const entries = list.getEntries();
          resolve(entries[entries.length - 1]!.startTime);
        }).observe({ type: 'largest-contentful-paint' as never, buffered: true });
        setTimeout(() => resolve(Number.NaN), 3000);
      }),
  );
  await page.close();
  const submitted = at('submitted');
  return {
    firstCard: at('firstCard')!,
    lcp,
    bytes,
    interactive: at('interactive'),
    hydrated: at('hydrated'),
    fromSubmission: submitted === undefined ? undefined : at('firstCard')! - submitted,
  };
}

/** A server measured: the current code's, or the earlier commit's (BENCH_WEB_VS). */
interface Side {
  /** The table's column. */
  label: string;
  /** What the recorded figures' names add (nothing for the current code). */
  suffix: string;
  server: CompiledServer;
}

/** The figures of each side, in `sides`' order; the rounds alternate between the sides. */
async function measure(browser: Browser, sides: Side[]): Promise<WebFigures[]> {
  const runs = sides.map(() => ({
    newVisitor: [] as Visit[],
    warm: [] as Visit[],
    cold: [] as Visit[],
  }));
  // Each figure is the median of ROUNDS visits, each round in a new browser context (a new
  // visitor): one visit's time moved by a second from one run to the next on this machine.
  for (let round = 0; round < ROUNDS; round++) {
    for (const [i, side] of sides.entries()) {
      const url = `${side.server.url}/`;
      const context = await browser.newContext();
      runs[i]!.newVisitor.push(await visit(context, url));
      runs[i]!.warm.push(await visit(context, url, { interactive: true }));
      // The provider session stays (its cookies); the HTTP cache is emptied.
      const cdp = await context.newCDPSession(await context.newPage());
      await cdp.send('Network.clearBrowserCache');
      runs[i]!.cold.push(await visit(context, url));
      await context.close();
    }
  }
  return runs.map((run) => ({
    warm: medianVisit(run.warm),
    cold: medianVisit(run.cold),
    newVisitor: medianVisit(run.newVisitor),
    interactive: median(run.warm.map((v) => v.interactive!)),
    hydrated: median(run.warm.map((v) => v.hydrated ?? Number.NaN)),
    fromSubmission: median(run.newVisitor.map((v) => v.fromSubmission!)),
  }));
}

export async function reportWeb(): Promise<void> {
  const sides: Side[] = [];
  let browser: Browser | undefined;
  try {
    let before = '';
    if (VS) {
      let checkout: { root: string; sha: string };
      try {
        checkout = builtCheckout(VS);
      } catch (error) {
        throw new Error(`BENCH_WEB_VS=${VS}: ${(error as Error).message}`, { cause: error });
      }
      before = ` (${VS} = ${checkout.sha.slice(0, 10)})`;
      sides.push({
        label: `before ${VS}`,
        suffix: `, before (${VS})`,
        server: await startCompiledServer(checkout.root),
      });
    }
    sides.push({ label: 'now', suffix: '', server: await startCompiledServer(ROOT) });
    browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    });
    const figures = await measure(browser, sides);
    console.info(
      `Browser (Chromium, ${CPU_SLOWDOWN}× CPU, Fast 3G), median of ${ROUNDS} rounds${VS ? `, alternated between the two servers${before}` : ''}:`,
    );
    console.info(
      '  warm: cached assets, session open; cold: empty cache, session open; new visitor: empty cache, through the sign-in form sent at once',
    );
    printWebTable(
      sides.map((side) => side.label),
      figures,
    );
    // The current code's figures first, as `npm run bench` has always listed them.
    for (const i of [...sides.keys()].reverse()) recordWebFigures(sides[i]!.suffix, figures[i]!);
  } finally {
    await browser?.close();
    for (const side of sides) await side.server.stop();
  }
}
