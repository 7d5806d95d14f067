// The passkey part of the customers' sign-in page (docs/decisions/0116-passkeys-through-the-
// embedded-provider.md): a button « Se connecter avec une clé d’accès », hidden until the script
// finds WebAuthn in the browser, and an alert for its outcome; the e-mail field also offers the
// browser's passkeys (autocomplete "webauthn", conditional mediation). No inline script (CSP):
// @simplewebauthn/browser's own bundle is served as a file, and the page's script beside it.
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { PASSKEY_MESSAGES } from '@espace/contract';
import { escapeHtml } from '../../http/html';

export const WEBAUTHN_BROWSER_PATH = '/interaction/webauthn-browser.js';
export const PASSKEY_SCRIPT_PATH = '/interaction/passkey.js';

/** @simplewebauthn/browser's UMD bundle (the `SimpleWebAuthnBrowser` global), read once. */
export function webauthnBrowserBundle(): string {
  const require = createRequire(import.meta.url);
  const main = require.resolve('@simplewebauthn/browser');
  const root = main.slice(0, main.lastIndexOf(`${path.sep}script${path.sep}`));
  return readFileSync(path.join(root, 'dist', 'bundle', 'index.umd.min.js'), 'utf8');
}

/**
 * The section under the form; `base` is where the script asks the options (`base`/passkey/options)
 * and posts the answer (`base`/passkey): the interaction's path (/interaction/{uid}) on the
 * customers' page, its staff step (/interaction/{uid}/staff) on the staff's code page, which
 * names its button and offers no autofill (no e-mail field there).
 */
export function passkeySection(
  base: string,
  options: { button?: string; autofill?: boolean } = {},
): string {
  const t = PASSKEY_MESSAGES.signIn;
  const autofill = options.autofill === false ? ' data-passkey-no-autofill' : '';
  return `<div class="auth-passkey" data-passkey="${escapeHtml(base)}"${autofill} hidden>
<p class="auth-passkey__or">${escapeHtml(t.or)}</p>
<button type="button" class="secondary">${escapeHtml(options.button ?? t.button)}</button>
<p class="auth-error" role="alert" data-passkey-error hidden></p>
</div>
<script src="${WEBAUTHN_BROWSER_PATH}" defer></script>
<script src="${PASSKEY_SCRIPT_PATH}" defer></script>`;
}

/** The page's script: the ceremony, then where the provider goes on, as the password's script. */
export const PASSKEY_SCRIPT = `(function () {
  var box = document.querySelector('[data-passkey]');
  var lib = window.SimpleWebAuthnBrowser;
  if (!box || !lib || !window.fetch || !lib.browserSupportsWebAuthn()) return;
  var base = box.getAttribute('data-passkey');
  var button = box.querySelector('button');
  var alert = box.querySelector('[data-passkey-error]');
  var messages = ${JSON.stringify({ refused: PASSKEY_MESSAGES.refused, cancelled: PASSKEY_MESSAGES.signIn.cancelled })};
  box.hidden = false;
  function say(text) {
    alert.textContent = text;
    alert.hidden = !text;
  }
  function options() {
    return fetch(base + '/passkey/options', { headers: { accept: 'application/json' }, credentials: 'same-origin' })
      .then(function (r) { if (!r.ok) throw new Error('options'); return r.json(); });
  }
  function finish(answer) {
    return fetch(base + '/passkey', {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(answer)
    }).then(function (r) {
      return r.json().then(function (body) {
        if (r.ok && body.location) return location.replace(body.location);
        if (body.expired) return location.reload();
        throw new Error((body.error && body.error.message) || messages.refused);
      });
    });
  }
  function run(autofill) {
    return options()
      .then(function (optionsJSON) {
        return lib.startAuthentication({ optionsJSON: optionsJSON, useBrowserAutofill: autofill });
      })
      .then(finish);
  }
  button.addEventListener('click', function () {
    say('');
    button.disabled = true;
    run(false).catch(function (error) {
      button.disabled = false;
      var cancelled = error && (error.name === 'NotAllowedError' || error.name === 'AbortError');
      say(cancelled ? messages.cancelled : (error && error.message) || messages.refused);
      button.focus();
    });
  });
  if (lib.browserSupportsWebAuthnAutofill && !box.hasAttribute('data-passkey-no-autofill')) {
    lib.browserSupportsWebAuthnAutofill().then(function (yes) {
      if (yes) run(true).catch(function () { /* the autofill was set aside: nothing to say */ });
    });
  }
})();
`;
