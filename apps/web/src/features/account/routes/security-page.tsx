// 'Mon compte' › « Sécurité » (docs/product/account.md): the passkeys (passkeys-section.tsx), the
// second factor for password sign-ins (second-factor-section.tsx) and
// the open sessions, the current one
// marked, each other one ended by its own button (named after its device), all others at once.
// The device is read from the browser at sign-in; no place is shown
// (docs/decisions/0115-sessions-and-new-device-mail.md). Ending a session announces the outcome
// in the banner, which takes the focus (the pressed button is gone from the list); when the
// ended sessions had added passkeys, the banner says so and they are listed under the sessions,
// to remove or keep (ended-sessions-passkeys.tsx, docs/decisions/0141).
import {
  formatReceivedAt,
  SESSION_MESSAGES,
  type EndedSessions,
  type OpenSession,
  type Passkey,
} from '@espace/contract';
import { useRef, useState } from 'react';
import { useActionLifecycle } from '../../../components/action/use-action-lifecycle';
import { Loading } from '../../../components/loading';
import { useEndSessions, useSessions } from '../api/sessions';
import { EndedSessionsPasskeys } from '../components/ended-sessions-passkeys';
import { PasskeysSection } from '../components/passkeys-section';
import { SecondFactorSection } from '../components/second-factor-section';
import { SECURITY_TEXTS } from '../security-texts';
import '../account-security.css';
import './security-page.css';

const t = SECURITY_TEXTS.security;
const { banners, addedPasskeys } = SESSION_MESSAGES;

/** The success banner of an ending, and what it says of the passkeys the ended sessions added. */
const endedBanner =
  (success: string) =>
  ({ passkeysAdded }: EndedSessions) =>
    passkeysAdded.length ? `${success} ${addedPasskeys.left(passkeysAdded.length)}` : success;

export function Component() {
  return (
    <section className="card account-security" aria-labelledby="security-title">
      <h2 id="security-title">{t.title}</h2>
      <Sessions />
      <PasskeysSection />
      <SecondFactorSection />
    </section>
  );
}

function Sessions() {
  const sessions = useSessions();
  const mutation = useEndSessions();
  const [added, setAdded] = useState<Passkey[]>([]);
  const title = useRef<HTMLHeadingElement>(null);
  const ended = ({ passkeysAdded }: EndedSessions) =>
    setAdded((listed) => [
      ...listed,
      ...passkeysAdded.filter((p) => !listed.some((known) => known.id === p.id)),
    ]);
  const endOne = useActionLifecycle(mutation, {
    banners: { ...banners.endOne, success: endedBanner(banners.endOne.success) },
    onSuccess: ended,
  });
  const endOthers = useActionLifecycle(mutation, {
    banners: { ...banners.endOthers, success: endedBanner(banners.endOthers.success) },
    onSuccess: ended,
  });
  if (sessions.isError) return <p role="alert">{t.loadError}</p>;
  if (!sessions.data) return <Loading />;
  const list = sessions.data.sessions;
  const others = list.filter((session) => !session.current);
  return (
    <>
      <h3 id="sessions-title" ref={title} tabIndex={-1}>
        {t.sessionsTitle}
      </h3>
      <p>{t.sessionsLead}</p>
      <p className="sessions__note">{t.noPlace}</p>
      <ul className="sessions" aria-labelledby="sessions-title">
        {list.map((session) => (
          <SessionItem
            key={session.id}
            session={session}
            pending={mutation.isPending}
            onEnd={() => void endOne.run(session.id)}
          />
        ))}
      </ul>
      {others.length > 0 ? (
        <button
          type="button"
          className="button button--danger"
          disabled={mutation.isPending}
          onClick={() => void endOthers.run(undefined)}
        >
          {t.endOthers}
        </button>
      ) : (
        <p>{t.onlyThis}</p>
      )}
      {added.length ? (
        <EndedSessionsPasskeys
          passkeys={added}
          onRemoved={(ids) => setAdded((listed) => listed.filter((p) => !ids.includes(p.id)))}
          onKeep={() => {
            setAdded([]);
            title.current?.focus();
          }}
        />
      ) : null}
    </>
  );
}

function SessionItem(props: { session: OpenSession; pending: boolean; onEnd: () => void }) {
  const { session } = props;
  return (
    <li className="sessions__item" data-current={session.current || undefined}>
      <p className="sessions__device">
        <strong>{session.device}</strong>
        {session.current ? <span className="sessions__current">{t.current}</span> : null}
      </p>
      <dl className="sessions__facts">
        <div>
          <dt>{t.signedInAt}</dt>
          <dd>{formatReceivedAt(session.firstUsedAt)}</dd>
        </div>
        <div>
          <dt>{t.lastUsedAt}</dt>
          <dd>{formatReceivedAt(session.lastUsedAt)}</dd>
        </div>
        <div>
          <dt>{t.method}</dt>
          <dd>{session.method ? t.methods[session.method] : t.unknownMethod}</dd>
        </div>
      </dl>
      {session.current ? null : (
        <button
          type="button"
          className="button button--secondary"
          disabled={props.pending}
          onClick={props.onEnd}
        >
          {t.endOne}
          <span className="visually-hidden">{t.endOneSuffix(session.device)}</span>
        </button>
      )}
    </li>
  );
}
