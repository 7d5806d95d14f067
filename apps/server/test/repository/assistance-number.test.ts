// The 24/7 assistance number (docs/product/claims.md) is typed once, in the contract
// (PHONE_NUMBERS.assistance): no source of the server, the portal or the console types it again.
// The provider's pages carry it as a link: oidc/provider/assistance-call.test.ts.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const NUMBER = '01 99 00 24 24';

describe('the assistance number', () => {
  const repo = path.resolve(import.meta.dirname, '../../../..');
  /** The number typed in any form: spaced, dotted, or dialled (+33 1 99 00 24 24). */
  const TYPED = /(?:0|\+33\s?)1[\s.\u00a0-]?99[\s.\u00a0-]?00[\s.\u00a0-]?24[\s.\u00a0-]?24/;
  const sources = (dir: string): string[] =>
    readdirSync(path.join(repo, dir), { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile() && /\.(tsx?|css|html|js|mjs)$/.test(e.name))
      .filter((e) => !/\.test\.tsx?$/.test(e.name))
      .map((e) => path.relative(repo, path.join(e.parentPath, e.name)));

  it('is typed once, in the contract’s PHONE_NUMBERS', () => {
    const files = [
      'apps/server/src',
      'apps/web/src',
      'apps/web/public',
      'apps/console/src',
      'packages/contract/src',
    ].flatMap(sources);
    expect(files.length).toBeGreaterThan(100);
    const typed = files.filter((file) => TYPED.test(readFileSync(path.join(repo, file), 'utf8')));
    expect(typed).toEqual(['packages/contract/src/shared/constants.ts']);
    expect(readFileSync(path.join(repo, typed[0]!), 'utf8')).toContain(`assistance: '${NUMBER}'`);
  });
});
