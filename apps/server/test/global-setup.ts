// Says once, before the server tests, which databases the API suite runs on.
import { BACKENDS, POSTGRES_ADMIN_URL } from './backends';

export default function setup() {
  if (BACKENDS.includes('postgres')) {
    console.info(`API tests run on PGlite and on PostgreSQL (${POSTGRES_ADMIN_URL}).`);
  } else {
    console.info(
      `API tests run on PGlite only: PostgreSQL does not answer on ${new URL(POSTGRES_ADMIN_URL).host}, so its leg is skipped.`,
    );
  }
}
