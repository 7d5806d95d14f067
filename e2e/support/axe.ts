// axe-core on the page a test shows: any WCAG 2.1 A/AA violation fails the test.
//
// The checks run in the page itself, as @axe-core/playwright's legacy mode does (axe.run in the
// top frame, which reaches the same-origin frames such as the console's PDF preview), but axe's
// source is put in each frame once, not at every check: the wrapper sends and evaluates its 550
// kB twice per check and brings back every passed node too, which made a check cost 600–1,000 ms
// against 250–300 ms for axe.run itself (measured on the policies page) — a fifth of the browser
// tests' CPU time. Only the violations come back (resultTypes: every rule still runs on every
// node; the others are merely not detailed).
import { expect, type Frame, type Page } from '@playwright/test';
import axe from 'axe-core';

const WCAG_21_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

type AxeWindow = typeof globalThis & { axe?: typeof axe };

/** Puts axe in `frame` unless it is there already; a frame that goes away meanwhile is left. */
async function inject(frame: Frame): Promise<void> {
  try {
    if (await frame.evaluate(() => 'axe' in window)) return;
    await frame.evaluate(axe.source);
    await frame.evaluate(() =>
      (window as AxeWindow).axe!.configure({ allowedOrigins: ['<same_origin>'] }),
    );
  } catch (err) {
    // A detached or cross-origin frame: axe.run reports what it could not reach.
    if (frame === frame.page().mainFrame()) throw err;
  }
}

/** The WCAG 2.1 A/AA violations on the page, one line each: rule, impact, help, elements. */
export async function axeViolations(page: Page): Promise<string[]> {
  for (const frame of page.frames()) await inject(frame);
  return page.evaluate(async (tags) => {
    const results = await (window as AxeWindow).axe!.run(document, {
      runOnly: { type: 'tag', values: tags },
      resultTypes: ['violations'],
    });
    return results.violations.map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
    );
  }, WCAG_21_AA);
}

export async function expectNoAxeViolations(page: Page, context = page.url()) {
  expect(await axeViolations(page), `axe violations on ${context}`).toEqual([]);
}
