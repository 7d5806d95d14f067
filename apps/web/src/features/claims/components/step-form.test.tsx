// A step saves what the customer types without « Continuer » (docs/product/claims.md,
// docs/decisions/0162-claim-drafts-saved-as-the-customer-types.md): a second after typing stops, at
// once when the page is left (keepalive), with the version it was made from and the tab's write
// number; « Brouillon enregistré à … » said in a polite live region; another device's write stops
// the saving and offers the choice. The form opens with what was typed, over the confirmed answers.
import {
  addDays,
  CLAIM_DRAFT_WRITER_HEADER,
  CLAIM_MESSAGES,
  SESSION_REQUEST_HEADER,
  todayInParis,
  type ClaimDataStep,
  type ClaimDraft,
} from '@espace/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SessionContext } from '../../../lib/session';
import { claimDraftQueryKey } from '../api/claim-drafts';
import { StepForm } from './step-form';

const DRAFT: ClaimDraft = {
  id: 'draft-1',
  policyNumber: 'AU2026104512',
  answers: {
    kind: { kind: 'broken_glass' },
    when: {
      occurredOn: addDays(todayInParis(), -1),
      occurredAt: '08:30',
      place: { label: 'Paris', source: 'typed' },
    },
    circumstances: { boxes: [], description: 'Confirmé' },
  },
  typed: { circumstances: { boxes: [], description: 'Un caillou' } },
  step: 'circumstances',
  version: 4,
  files: [],
  deadline: null,
  updatedAt: '2026-11-23T13:00:00.000Z',
};
const PROGRESS = '/api/v1/claim/accounts/account-1/drafts/draft-1/progress';

let container: HTMLDivElement;
let root: Root;
let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;
const answers: Response[] = [];

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  fetchMock = vi.fn<typeof fetch>(() => Promise.resolve(answers.shift() ?? json(DRAFT)));
  vi.stubGlobal('fetch', fetchMock);
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  show(DRAFT, 'circumstances');
});
/** Renders the step `step` of `draft`, in place of what was there. */
function show(draft: ClaimDraft, step: ClaimDataStep) {
  const client = new QueryClient();
  client.setQueryData(claimDraftQueryKey('account-1', draft.id), draft);
  act(() =>
    root.render(
      <QueryClientProvider client={client}>
        <SessionContext.Provider value={{ accountId: 'account-1', email: '', name: '' }}>
          <StepForm key={step} draft={draft} step={step} drivers={[]} onSaved={() => undefined} />
        </SessionContext.Provider>
      </QueryClientProvider>,
    ),
  );
}
afterEach(() => {
  act(() => root.unmount());
  container.remove();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  answers.length = 0;
});

const description = () => container.querySelector<HTMLTextAreaElement>('#claim-description')!;
const status = () => container.querySelector('[role="status"]')!;
/** Time passes (the debounce, the answers of the mocked server). */
const wait = (ms: number) =>
  act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });

/** Types as a browser does: through the element's own value setter, which React's change
 * tracking does not see, then the input event it reacts to. */
async function typeInto(field: HTMLTextAreaElement | HTMLInputElement, text: string) {
  const prototype =
    field instanceof HTMLInputElement ? HTMLInputElement.prototype : HTMLTextAreaElement.prototype;
  await act(async () => {
    Object.getOwnPropertyDescriptor(prototype, 'value')!.set!.call(field, text);
    field.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

/** The progress writes sent: their body, headers and keepalive. */
function writes() {
  return fetchMock.mock.calls
    .filter(([url]) => url === PROGRESS)
    .map(([, init]) => ({
      body: JSON.parse(init!.body as string) as unknown,
      headers: Object.fromEntries(new Headers(init!.headers).entries()),
      keepalive: init!.keepalive,
    }));
}

describe('a claim step saved as the customer types', () => {
  it('opens with what was typed there, over the confirmed answers, and writes nothing untouched', async () => {
    expect(description().value).toBe('Un caillou');
    await wait(3000);
    await act(async () => {
      document.dispatchEvent(new Event('visibilitychange'));
      window.dispatchEvent(new Event('pagehide'));
    });
    expect(writes()).toEqual([]);
  });

  it('saves a second after typing stops, with the version read, and says so politely', async () => {
    answers.push(json({ ...DRAFT, version: 5, updatedAt: '2026-11-23T13:32:10.000Z' }));
    await typeInto(description(), 'Un caillou a fendu');
    await wait(900);
    expect(writes()).toEqual([]);
    await wait(100);
    await wait(0);
    const [write] = writes();
    expect(write!.body).toEqual({
      step: 'circumstances',
      typed: { boxes: [], description: 'Un caillou a fendu' },
    });
    expect(write!.headers).toMatchObject({ 'if-match': '"4"', [SESSION_REQUEST_HEADER]: '1' });
    expect(write!.headers[CLAIM_DRAFT_WRITER_HEADER]).toMatch(/^[0-9a-f-]{36}:\d+$/);
    expect(status().textContent).toBe('Brouillon enregistré à 14:32');
    expect(status().getAttribute('role')).toBe('status');
    expect(container.querySelector('[role="alert"]')).toBeNull();

    // The next write starts from the version the server answered, with a later number.
    await typeInto(description(), 'Un caillou a fendu le pare-brise');
    await wait(1000);
    const [first, second] = writes();
    expect(second!.headers['if-match']).toBe('"5"');
    const seq = (w: typeof first) => Number(w!.headers[CLAIM_DRAFT_WRITER_HEADER]!.split(':')[1]);
    expect(seq(second)).toBeGreaterThan(seq(first));
  });

  it('sends what was typed at once, with keepalive, when the page is left', async () => {
    await typeInto(description(), 'Un caillou a fendu le');
    await act(async () => {
      window.dispatchEvent(new Event('pagehide'));
    });
    expect(writes()).toEqual([
      expect.objectContaining({
        body: { step: 'circumstances', typed: { boxes: [], description: 'Un caillou a fendu le' } },
        keepalive: true,
      }),
    ]);
    // Nothing is left to send afterwards.
    await wait(2000);
    expect(writes()).toHaveLength(1);
  });

  it('sends what was typed when the customer leaves the step before the second is up', async () => {
    await typeInto(description(), 'Un caillou a');
    act(() => root.unmount());
    root = createRoot(container);
    expect(writes()).toEqual([
      expect.objectContaining({
        body: { step: 'circumstances', typed: { boxes: [], description: 'Un caillou a' } },
      }),
    ]);
  });

  /** Another device's write refuses this one: the alert and its two buttons. */
  async function conflict() {
    answers.push(
      json({ error: { code: 'precondition_failed', message: 'modifiée ailleurs' } }, 412),
    );
    await typeInto(description(), 'Ici');
    await wait(1000);
    await wait(0);
    const alert = container.querySelector('[role="alert"]')!;
    expect(alert.textContent).toContain('modifiée sur un autre appareil ou dans un autre onglet');
    const button = (name: string) =>
      [...alert.querySelectorAll('button')].find((b) => b.textContent === name)!;
    return {
      alert,
      showSaved: button('Afficher la version enregistrée'),
      keepMine: button('Garder ma saisie'),
    };
  }
  /** The customer presses a button of the alert from the keyboard. */
  async function press(button: HTMLButtonElement) {
    button.focus();
    await act(async () => button.click());
    await wait(0);
  }

  it('stops on another device’s write and lets the customer take its version', async () => {
    const { showSaved } = await conflict();
    await typeInto(description(), 'Ici encore');
    await wait(3000);
    expect(writes()).toHaveLength(1);

    answers.push(
      json({ ...DRAFT, version: 7, typed: { circumstances: { boxes: [], description: 'Autre' } } }),
    );
    await press(showSaved);
    expect(description().value).toBe('Autre');
    expect(container.querySelector('[role="alert"]')).toBeNull();
    // The button pressed is gone: the focus is on the status, which says the draft is saved.
    expect(document.activeElement).toBe(status());
    expect(status().textContent).toBe('Brouillon enregistré à 14:00');
    // Saving goes on from the version read.
    await typeInto(description(), 'Autre chose');
    await wait(1000);
    expect(writes().at(-1)!.headers['if-match']).toBe('"7"');
  });

  it('keeps what is typed here over the other version when the customer chooses so', async () => {
    const { keepMine } = await conflict();
    answers.push(
      json({ ...DRAFT, version: 7 }),
      json({ ...DRAFT, version: 8, updatedAt: '2026-11-23T13:41:00.000Z' }),
    );
    await press(keepMine);
    expect(writes().at(-1)).toMatchObject({
      body: { step: 'circumstances', typed: { boxes: [], description: 'Ici' } },
      headers: { 'if-match': '"7"' },
    });
    expect(container.querySelector('[role="alert"]')).toBeNull();
    expect(document.activeElement).toBe(status());
    expect(status().textContent).toBe('Brouillon enregistré à 14:41');
  });

  it('says the draft is not saved, and offers the choice again, when the version cannot be read', async () => {
    const { alert, showSaved } = await conflict();
    answers.push(json({ error: { code: 'internal', message: 'Erreur interne' } }, 500));
    await press(showSaved);
    expect(status().textContent).toBe(
      'Brouillon non enregistré\u00a0: la version enregistrée n’a pas pu être lue, réessayez.',
    );
    expect(description().value).toBe('Ici');
    // The choice is still there, the focus still on the button pressed.
    expect(alert.isConnected).toBe(true);
    expect(document.activeElement).toBe(showSaved);

    answers.push(json({ ...DRAFT, version: 7 }));
    await press(showSaved);
    expect(container.querySelector('[role="alert"]')).toBeNull();
    expect(document.activeElement).toBe(status());
    expect(status().textContent).toBe('Brouillon enregistré à 14:00');
  });
});

describe('a step refused by « Continuer »', () => {
  const PARTIES: ClaimDraft = {
    ...DRAFT,
    answers: { kind: { kind: 'accident_third_party' } },
    typed: {},
    step: 'parties',
  };
  const input = (id: string) => container.querySelector<HTMLInputElement>(`#${id}`)!;
  /** What is left of the browser's work once the promises have settled, timers apart. */
  const settle = () => act(() => new Promise<void>((resolve) => setImmediate(resolve)));

  it('focuses the first invalid field and leaves it there while the customer types', async () => {
    show(PARTIES, 'parties');
    const [name, plate] = [input('claim-thirdParty-name'), input('claim-thirdParty-plate')];
    await act(async () => {
      container.querySelector<HTMLButtonElement>('button[type="submit"]')!.click();
    });
    await settle();
    expect(container.textContent).toContain(CLAIM_MESSAGES.required.thirdPartyName);
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(name);

    // The customer types the name before any timer of the page runs, as a busy phone lets
    // keys through first: the name becomes valid, the plate is still invalid.
    await typeInto(name, 'Paul Durand');
    await settle();
    expect(name.getAttribute('aria-invalid')).toBeNull();
    expect(plate.getAttribute('aria-invalid')).toBe('true');
    // Whatever the page had left to run, the focus stays where the customer types.
    await wait(100);
    expect(document.activeElement).toBe(name);
  });

  it('focuses the first field the server refused, in page order', async () => {
    show(PARTIES, 'parties');
    const [name, plate] = [input('claim-thirdParty-name'), input('claim-thirdParty-plate')];
    await typeInto(name, 'Paul Durand');
    await typeInto(plate, 'AB-123-CD');
    answers.push(
      json(
        {
          error: {
            code: 'validation_failed',
            message: 'Vérifiez les champs indiqués.',
            fields: {
              'thirdParty.plate': 'Immatriculation refusée',
              'thirdParty.name': 'Nom refusé',
            },
          },
        },
        422,
      ),
    );
    plate.focus();
    await act(async () => {
      container.querySelector<HTMLButtonElement>('button[type="submit"]')!.click();
    });
    await settle();
    await wait(0);
    expect(container.textContent).toContain('Nom refusé');
    expect(container.textContent).toContain('Immatriculation refusée');
    expect(document.activeElement).toBe(name);
  });
});
