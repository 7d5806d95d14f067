// What most component tests start from: for each test of a file, a container in the document and
// a React root in it, unmounted and removed after the test.
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach } from 'vitest';

export interface Mounted {
  container: HTMLDivElement;
  root: Root;
}

/** Called at a file's top level; the returned object holds the running test's container and root. */
export function eachTestMounted(): Mounted {
  const mounted = {} as Mounted;
  beforeEach(() => {
    mounted.container = document.createElement('div');
    document.body.append(mounted.container);
    mounted.root = createRoot(mounted.container);
  });
  afterEach(() => {
    act(() => mounted.root.unmount());
    mounted.container.remove();
  });
  return mounted;
}
