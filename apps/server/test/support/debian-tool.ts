// A program from one of Debian's packages for the tests that drive a real one (promtool and
// Prometheus from `prometheus`, HAProxy), as scripts/ensure-chromium.mjs does for Chromium: used
// when present, installed with apt-get when the machine lets us without asking (root, or sudo
// without a password), otherwise the test is skipped with a message naming the command to run.
// Nothing is downloaded but Debian's package.
import { spawnSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';

const installing = new Map<string, boolean>();

function executable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** The path of `binary` (in /usr/bin or /usr/sbin), or a sentence saying why there is none. */
export function debianTool(
  binary: string,
  debianPackage: string,
): { path: string } | { missing: string } {
  const find = () => [`/usr/bin/${binary}`, `/usr/sbin/${binary}`].find(executable);
  let found = find();
  if (!found && !installing.has(debianPackage)) {
    const root = process.getuid?.() === 0;
    const sudo = !root && spawnSync('sudo', ['-n', 'true'], { stdio: 'ignore' }).status === 0;
    const apt = spawnSync('apt-get', ['--version'], { stdio: 'ignore' }).status === 0;
    let installed = false;
    if (apt && (root || sudo)) {
      console.info(`${binary} is missing: installing Debian's ${debianPackage}…`);
      const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
      const run = (args: string[]) => {
        const [command, ...rest] = [...(sudo ? ['sudo', '-n'] : []), ...args];
        return spawnSync(command!, rest, { stdio: 'ignore', env, timeout: 600_000 }).status === 0;
      };
      installed =
        run(['apt-get', 'install', '-y', '-qq', '--no-install-recommends', debianPackage]) ||
        (run(['apt-get', 'update', '-qq']) &&
          run(['apt-get', 'install', '-y', '-qq', '--no-install-recommends', debianPackage]));
    }
    installing.set(debianPackage, installed);
    found = find();
  }
  return found
    ? { path: found }
    : {
        missing: `${binary} (Debian's ${debianPackage}) is missing and could not be installed: run \`sudo apt-get install -y ${debianPackage}\` to run this test.`,
      };
}
