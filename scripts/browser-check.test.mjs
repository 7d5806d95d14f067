import { describe, expect, it } from 'vitest';
import { planBrowser } from './browser-check.mjs';

const bare = {
  chromiumPath: '/usr/bin/chromium-headless-shell',
  custom: false,
  present: false,
  root: false,
  passwordlessSudo: false,
  apt: true,
};

describe('the browser npm test needs', () => {
  it('is used as it is when present', () => {
    expect(planBrowser({ ...bare, present: true })).toEqual({ action: 'ready' });
  });

  it('is installed from Debian when the run is root', () => {
    expect(planBrowser({ ...bare, root: true })).toEqual({ action: 'install', sudo: false });
  });

  it('is installed through sudo when sudo asks no password', () => {
    expect(planBrowser({ ...bare, passwordlessSudo: true })).toEqual({
      action: 'install',
      sudo: true,
    });
  });

  it('stops the run at once, naming the command, when nothing can install it', () => {
    const plan = planBrowser(bare);
    expect(plan.action).toBe('stop');
    expect(plan.message).toContain('`sudo apt-get install -y chromium chromium-headless-shell`');
    expect(plan.message.split('. ').length).toBe(1);
  });

  it('stops on a machine without apt-get, even as root', () => {
    expect(planBrowser({ ...bare, root: true, apt: false }).action).toBe('stop');
  });

  it('never installs over a CHROMIUM_PATH that names nothing', () => {
    const plan = planBrowser({ ...bare, custom: true, chromiumPath: '/opt/none', root: true });
    expect(plan).toMatchObject({ action: 'stop' });
    expect(plan.message).toContain('/opt/none');
  });
});
