// The codes of an authenticator app, for the specs that sign in with a second factor. The server
// accepts a code for the step before now, now's, or the next (30-second steps: one either side,
// for a phone's clock that drifts), and each step once, in increasing order
// (apps/server/src/services/identity/totp.ts). A person types the code their app shows; a
// test that needs several codes within one step takes the earliest step still accepted, so that
// up to three sign-ins fit in one step instead of waiting 30 seconds between two.
import { Secret, TOTP } from 'otpauth';

const PERIOD_MS = 30_000;
/**
 * The previous step is given only while this much of the current one is left: the server must
 * still be within that step when it checks the code, after the page has sent it.
 */
const PREVIOUS_STEP_MARGIN_MS = 15_000;

/** An enrolled secret and the last step a code was given for. */
export class Authenticator {
  private lastStep = -Infinity;
  private readonly totp: TOTP;

  constructor(secret: string) {
    this.totp = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 });
  }

  /**
   * A code the server takes now: the earliest step after the last one given, waiting when the
   * next one allowed is still two steps ahead.
   */
  async freshCode(): Promise<string> {
    const now = Date.now();
    const current = Math.floor(now / PERIOD_MS);
    const left = (current + 1) * PERIOD_MS - now;
    const earliest = left > PREVIOUS_STEP_MARGIN_MS ? current - 1 : current;
    const step = Math.max(earliest, this.lastStep + 1);
    if (step > current + 1) {
      // Wait until `step` is the next step: it is then accepted.
      await new Promise((resolve) => setTimeout(resolve, (step - 1) * PERIOD_MS - now + 50));
    }
    this.lastStep = step;
    return this.totp.generate({ timestamp: step * PERIOD_MS });
  }
}
