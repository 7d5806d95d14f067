// POST /backoffice/api/sign-out ends the console session and its provider session; the console's
// address then starts a new sign-in. A failed request does not stop the sign-out.
import { CONSOLE_APP_PATH, consolePath } from '@espace/contract';
import { WRITE_HEADERS } from '../lib/api-client';

export async function signOut(): Promise<void> {
  await fetch(consolePath('signOut'), { method: 'POST', headers: WRITE_HEADERS }).catch(
    () => undefined,
  );
  window.location.replace(CONSOLE_APP_PATH);
}
