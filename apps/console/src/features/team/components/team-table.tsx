// The team's table (docs/console.md « Comptes »): each member's role, second factor and state,
// and for the others' enabled accounts the supervisor's two actions, each button named with the
// member (« Désactiver Léa Martin ») for a screen reader's list of buttons; the e-mail under the
// name, so the actions keep their width on a tablet. A disabled account
// says so in words, not only by its style (RGAA 3.1); one's own account has no action.
import { STAFF_ROLE_LABELS, type StaffListing } from '@espace/contract';

export function TeamTable({
  members,
  selfId,
  busy,
  onDisable,
  onReset,
}: {
  members: StaffListing[];
  selfId: string;
  busy: boolean;
  onDisable: (member: StaffListing) => void;
  onReset: (member: StaffListing) => void;
}) {
  return (
    <table className="table">
      <caption id="team-caption">Membres de l’équipe ({members.length})</caption>
      <thead>
        <tr>
          <th scope="col">Nom et e-mail</th>
          <th scope="col">Rôle</th>
          <th scope="col">Double authentification</th>
          <th scope="col">État</th>
          <th scope="col">Actions</th>
        </tr>
      </thead>
      <tbody>
        {members.map((member) => (
          <tr key={member.id} className={member.enabled ? undefined : 'team__disabled'}>
            <th scope="row">
              {member.displayName}
              <span className="team__email">{member.email}</span>
            </th>
            <td>{STAFF_ROLE_LABELS[member.role]}</td>
            <td>{member.enrolled ? 'Activée' : 'À activer'}</td>
            <td>{member.enabled ? 'Actif' : 'Désactivé'}</td>
            <td>
              {member.id === selfId ? (
                <span className="muted">Votre compte</span>
              ) : member.enabled ? (
                <div className="actions">
                  <button
                    type="button"
                    className="button button--secondary button--small"
                    disabled={busy}
                    onClick={() => onReset(member)}
                  >
                    Réinitialiser la double authentification
                    <span className="visually-hidden"> de {member.displayName}</span>
                  </button>
                  <button
                    type="button"
                    className="button button--secondary button--small"
                    disabled={busy}
                    onClick={() => onDisable(member)}
                  >
                    Désactiver<span className="visually-hidden"> {member.displayName}</span>
                  </button>
                </div>
              ) : (
                <span className="muted">Aucune</span>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
