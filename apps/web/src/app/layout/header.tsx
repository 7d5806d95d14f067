import { NavLink } from 'react-router';
import { useConversations } from '../../api/get-conversations';
import { usePolicies } from '../../api/get-policies';
import { AssistanceCall } from '../../components/assistance/assistance-call';
import { MenuButton, type MenuItem } from '../../components/menu/menu-button';
import { ACCOUNT_NAV_TEXTS } from '../../features/account/nav-texts';
import { signOut } from '../../lib/auth';
import { useSession } from '../../lib/session';
import { paths } from '../../lib/paths';
import './header.css';

const NAV = [
  { to: paths.home, label: 'Mes polices d’assurance', end: true },
  { to: paths.documents, label: 'Mes documents', end: false },
  { to: paths.account, label: 'Mon compte', end: false },
  { to: paths.messages, label: 'Messagerie', end: false },
  { to: paths.claims, label: 'Déclarer un sinistre', end: false },
  { to: paths.faq, label: 'FAQ', end: false },
  { to: paths.contact, label: 'Contact', end: false },
] as const;

/**
 * The phone menu: the same links, with « Mes demandes » after « Mon compte » — on a phone the
 * account's sub-navigation is a scroll away, and a customer following a request looks for it
 * in the menu (docs/product/README.md « Every screen »).
 */
type NavItem = { to: string; label: string; end: boolean };
const MOBILE_NAV = NAV.flatMap((item): NavItem[] =>
  item.to === paths.account
    ? [item, { to: paths.accountRequests, label: ACCOUNT_NAV_TEXTS.requests, end: false }]
    : [item],
);

const LOGOUT = 'Déconnexion';

export function Header() {
  const { name } = useSession();
  const policies = usePolicies();
  // docs/product/README.md: a dot marker on 'Mes documents' when documents are still owed.
  const owesDocuments = policies.data?.unfulfilledDocs ?? false;
  // docs/product/messages.md: the broker's messages not read yet, on « Messagerie ».
  const unread = useConversations().data?.unread ?? 0;
  const unreadText = unread > 1 ? `${unread} messages non lus` : `${unread} message non lu`;
  const logout: MenuItem = { kind: 'action', label: LOGOUT, onSelect: () => void signOut() };
  const mobileItems: MenuItem[] = [
    ...MOBILE_NAV.map((item): MenuItem => ({
      kind: 'link',
      to: item.to,
      label:
        item.to === paths.documents && owesDocuments
          ? `${item.label} (documents à transmettre)`
          : item.to === paths.messages && unread > 0
            ? `${item.label} (${unreadText})`
            : item.label,
    })),
    logout,
  ];

  return (
    <header className="site-header">
      <a className="skip-link" href="#main">
        Aller au contenu
      </a>
      {/* docs/product/claims.md: the assistance number above the fold on every page, phones too. */}
      <div className="site-header__assistance">
        <div className="container">
          <AssistanceCall />
        </div>
      </div>
      <div className="site-header__bar container">
        <NavLink to={paths.home} className="site-header__logo" aria-label="Espace Assuré, accueil">
          <span className="brand-logo" aria-hidden="true" />
        </NavLink>
        <MenuButton
          className="site-header__user"
          align="end"
          label={name ?? 'Mon espace'}
          ariaLabel={`Menu utilisateur${name ? ` de ${name}` : ''}`}
          items={[logout]}
        />
        <MenuButton className="site-header__mobile" align="end" label="Menu" items={mobileItems} />
      </div>
      <nav className="site-nav" aria-label="Navigation principale">
        <ul className="container">
          {NAV.map((item) => (
            <li key={item.to}>
              <NavLink to={item.to} end={item.end}>
                {item.label}
                {item.to === paths.documents && owesDocuments && (
                  <span className="dot-marker" data-testid="documents-dot">
                    <span className="visually-hidden"> (documents à transmettre)</span>
                  </span>
                )}
                {item.to === paths.messages && unread > 0 && (
                  <span className="nav-count" data-testid="messages-unread">
                    <span aria-hidden="true">{unread}</span>
                    <span className="visually-hidden"> ({unreadText})</span>
                  </span>
                )}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
    </header>
  );
}
