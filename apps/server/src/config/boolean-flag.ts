// A boolean environment variable (docs/configuration.md: `true`/`false`, `1`/`0`, `yes`/`no`).
import { z } from 'zod';

export const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');
