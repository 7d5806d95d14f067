// CONSOLE_TARGET_HOURS (config/console.ts, docs/console.md « Boîte de réception »): the target
// delay of each kind of request, with its defaults; a wrong value stops the server with a
// readable message.
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config/config';

const base = { NODE_ENV: 'test', PUBLIC_URL: 'http://localhost:3000' };

describe('the inbox’s target delays', () => {
  it('are 24 hours for a claim, 48 for a termination, a call-back or a message, 72 for the rest by default', () => {
    const { targetHours } = loadConfig(base).console;
    // The call-back and the written message: the recontact promise of docs/product/contact-and-faq.md,
    // « Recontact promise: within 48 h », which the portal's texts say.
    expect(targetHours).toMatchObject({
      claim: 24,
      termination: 48,
      call_back: 48,
      email_message: 48,
      documents: 72,
      change_vehicle: 72,
    });
  });

  it('take the kinds CONSOLE_TARGET_HOURS names, and `other` for the rest', () => {
    const env = { ...base, CONSOLE_TARGET_HOURS: '{"claim": 12, "other": 36}' };
    const { targetHours } = loadConfig(env).console;
    expect(targetHours).toMatchObject({ claim: 12, termination: 48, call_back: 48, documents: 36 });
  });

  it('refuse what is not a JSON object of known kinds and positive hours', () => {
    for (const value of ['claim=12', '{"nope": 3}', '{"claim": -1}', '{"claim": "12"}']) {
      const load = () => loadConfig({ ...base, CONSOLE_TARGET_HOURS: value });
      expect(load, value).toThrow(ConfigError);
      expect(load, value).toThrow(/CONSOLE_TARGET_HOURS/);
    }
  });
});
