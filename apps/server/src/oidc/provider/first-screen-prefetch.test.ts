import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { firstScreenFiles } from '../../http/spa-manifest';
import { renderLoginPage } from './pages';

let dist: string;

beforeAll(async () => {
  dist = await mkdtemp(path.join(tmpdir(), 'espace-spa-manifest-'));
  await mkdir(path.join(dist, '.vite'));
  // The shape Vite writes: the entry, the portal and the policies route with their imports, and
  // a screen loaded later (the change forms) that the first screen does not need.
  await writeFile(
    path.join(dist, '.vite/manifest.json'),
    JSON.stringify({
      'index.html': { file: 'assets/index-1.js', isEntry: true, imports: ['_auth.js'] },
      '_auth.js': { file: 'assets/auth-2.js' },
      'src/portal.tsx': {
        file: 'assets/portal-3.js',
        imports: ['_react.js', '_auth.js'],
        css: ['assets/portal-3.css'],
      },
      '_react.js': { file: 'assets/react-4.js' },
      'src/features/policies/routes/policies-page.tsx': {
        file: 'assets/policies-page-5.js',
        imports: ['_react.js'],
        css: ['assets/policies-page-5.css'],
      },
      'src/features/changes/routes/change-vehicle-page.tsx': {
        file: 'assets/change-vehicle-6.js',
        imports: ['_react.js', '_forms.js'],
      },
      '_forms.js': { file: 'assets/forms-7.js' },
    }),
  );
});

afterAll(() => rm(dist, { recursive: true, force: true }));

describe('the first screen’s files', () => {
  it('are the entry, the portal and the policies route with their imports, nothing else', () => {
    const { scripts, styles } = firstScreenFiles(dist);
    expect([...scripts].sort()).toEqual([
      'assets/auth-2.js',
      'assets/index-1.js',
      'assets/policies-page-5.js',
      'assets/portal-3.js',
      'assets/react-4.js',
    ]);
    expect([...styles].sort()).toEqual(['assets/policies-page-5.css', 'assets/portal-3.css']);
  });

  it('are none without a build', () => {
    expect(firstScreenFiles(path.join(dist, 'missing'))).toEqual({ scripts: [], styles: [] });
  });

  it('are given to the sign-in form, escaped, for its script to prefetch (not fetched at once)', () => {
    const html = renderLoginPage({
      action: '/interaction/u/login',
      forgotHref: '/forgot',
      prefetch: ['/assets/portal-3.js', '/assets/a"b.css'],
    });
    expect(html).toContain('data-prefetch="/assets/portal-3.js /assets/a&quot;b.css"');
    expect(html).not.toContain('rel="prefetch"');
    const bare = renderLoginPage({ action: '/interaction/u/login', forgotHref: '/forgot' });
    expect(bare).not.toContain('data-prefetch');
  });
});
