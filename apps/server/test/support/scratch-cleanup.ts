// A setup file of the server's tests (vitest.config.ts): after each test file's own hooks have
// closed its apps, the throw-away folders it made go (scratch.ts).
import { afterAll } from 'vitest';
import { removeScratchDirs } from './scratch';

afterAll(removeScratchDirs);
