// What `npm test` does first about its browser (README, "Test it"): the browser tests drive
// Debian's Chromium in its headless build, never a downloaded one (decision 0126). When it is
// missing, the machine is prepared only if it lets us do so without asking (root, or sudo without
// a password, with apt-get); otherwise the run stops at once with one sentence naming the command
// to run. Pure: the decision is tested in browser-check.test.mjs, the actions are in
// ensure-chromium.mjs.

/**
 * The headless build of Debian's Chromium (package chromium-headless-shell): the same engine
 * without the windowed browser's user interface, as Playwright itself drives headless.
 */
export const DEFAULT_CHROMIUM = '/usr/bin/chromium-headless-shell';

/** Debian's packages of both builds: the windowed one for `--headed` runs and the benches. */
export const CHROMIUM_PACKAGES = ['chromium', 'chromium-headless-shell'];

export const INSTALL_COMMAND = `apt-get install -y ${CHROMIUM_PACKAGES.join(' ')}`;

/**
 * @param {{ chromiumPath: string, custom: boolean, present: boolean, root: boolean,
 *   passwordlessSudo: boolean, apt: boolean }} machine
 * @returns {{ action: 'ready' } | { action: 'install', sudo: boolean } | { action: 'stop', message: string }}
 */
export function planBrowser(machine) {
  if (machine.present) return { action: 'ready' };
  if (machine.custom) {
    return {
      action: 'stop',
      message: `CHROMIUM_PATH names ${machine.chromiumPath}, which is not an executable file: point it at a Chromium, or unset it to use Debian's (${DEFAULT_CHROMIUM}).`,
    };
  }
  if (machine.apt && (machine.root || machine.passwordlessSudo))
    return { action: 'install', sudo: !machine.root };
  return {
    action: 'stop',
    message: `The browser tests need Debian's Chromium at ${DEFAULT_CHROMIUM}: run \`sudo ${INSTALL_COMMAND}\`, then \`npm test\` again.`,
  };
}
