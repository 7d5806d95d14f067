// `node scripts/ensure-chromium.mjs`: the first step of `npm test`. Makes sure the Chromium the
// browser tests drive is there (CHROMIUM_PATH, else Debian's /usr/bin/chromium-headless-shell):
// installs Debian's packages when the machine lets us, else stops at once with the command to run
// (browser-check.mjs decides). Nothing is downloaded but Debian's packages.
import { spawnSync } from 'node:child_process';
import { accessSync, constants, statSync } from 'node:fs';
import {
  CHROMIUM_PACKAGES,
  DEFAULT_CHROMIUM,
  INSTALL_COMMAND,
  planBrowser,
} from './browser-check.mjs';

function executable(file) {
  try {
    accessSync(file, constants.X_OK);
    return statSync(file).isFile();
  } catch {
    return false;
  }
}

const succeeds = (command, args) => spawnSync(command, args, { stdio: 'ignore' }).status === 0;

const custom = Boolean(process.env.CHROMIUM_PATH);
const chromiumPath = process.env.CHROMIUM_PATH || DEFAULT_CHROMIUM;
const root = process.getuid?.() === 0;
const plan = planBrowser({
  chromiumPath,
  custom,
  present: executable(chromiumPath),
  root,
  passwordlessSudo: !root && succeeds('sudo', ['-n', 'true']),
  apt: succeeds('apt-get', ['--version']),
});

if (plan.action === 'stop') {
  console.error(plan.message);
  process.exit(1);
}
if (plan.action === 'install') {
  console.info(`Chromium is missing: installing Debian's packages (${INSTALL_COMMAND})…`);
  const sudo = plan.sudo ? ['sudo', '-n'] : [];
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const run = (args) => {
    const [command, ...rest] = [...sudo, ...args];
    return spawnSync(command, rest, { stdio: 'inherit', env }).status === 0;
  };
  const installed =
    run(['apt-get', 'update', '-qq']) &&
    run(['apt-get', 'install', '-y', '-qq', ...CHROMIUM_PACKAGES]);
  if (!installed || !executable(chromiumPath)) {
    console.error(
      `Installing Debian's Chromium did not give ${chromiumPath}: run \`sudo ${INSTALL_COMMAND}\`, then \`npm test\` again.`,
    );
    process.exit(1);
  }
}
