// The repository's root, where the apps' builds and the content live: three folders up from the
// bundle (apps/server/dist/), four from these sources (apps/server/src/config/).
import path from 'node:path';

export const repoRoot = path.resolve(
  import.meta.dirname,
  import.meta.url.endsWith('.ts') ? '../../../..' : '../../..',
);
