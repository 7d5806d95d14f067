// SPEC §2 /account/password: built by a later issue; meanwhile the way to do it with customer service.
import { ComingSoon } from '../components/coming-soon';
import { COMING_SOON_TEXTS } from '../texts';

export function Component() {
  return <ComingSoon {...COMING_SOON_TEXTS.password} />;
}
