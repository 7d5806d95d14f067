// The FAQ search finds what customers actually type (docs/product/contact-and-faq.md /faq,
// docs/decisions/0088-faq-search-in-customers-words.md): everyday and spoken words, no accents or
// wrong ones, singular or plural. Each search below, written as a customer would, must find its
// answer among the first three, through the real API, on PGlite and on PostgreSQL.
import type { FaqResponse } from '@espace/contract';
import { sql } from 'kysely';
import { describe, expect } from 'vitest';
import { apiTest } from '../../support/api-test';
import { CUSTOMER_WORDS } from '../../../src/services/content/faq-vocabulary';
import { BACKENDS } from '../../support/backends';
import { bearer } from '../../support/harness';

/** [what the customer types, the start of the FAQ question it must find among the first three]. */
const PHRASINGS: readonly (readonly [string, string])[] = [
  // Sinistres et assistance
  ['mon pare brise est fissuré', 'Mon pare-brise est fissuré'],
  ['parebrise fêlé', 'Mon pare-brise est fissuré'],
  ['un caillou a fait un impact sur le pare-brise', 'Mon pare-brise est fissuré'],
  ['impact pare brise', 'Mon pare-brise est fissuré'],
  ['vitre cassee', 'Mon pare-brise est fissuré'],
  ['vitres arrière brisées', 'Mon pare-brise est fissuré'],
  ['on m’a piqué ma voiture', 'Que faire en cas de vol de mon véhicule'],
  ['ma voiture a été volée', 'Que faire en cas de vol de mon véhicule'],
  ['je me suis fait voler ma bagnole', 'Que faire en cas de vol de mon véhicule'],
  ['voitures volées devant chez moi', 'Que faire en cas de vol de mon véhicule'],
  ['vehicule vole cette nuit', 'Que faire en cas de vol de mon véhicule'],
  ['vol de ma moto', 'Que faire en cas de vol de mon véhicule'],
  ['j’ai eu un accrochage sur un parking', 'Comment déclarer un sinistre'],
  ['quelqu’un m’est rentré dedans', 'Comment déclarer un sinistre'],
  ['j’ai embouti une voiture', 'Comment déclarer un sinistre'],
  ['délai pour déclarer un accident', 'Comment déclarer un sinistre'],
  ['on a rayé ma portière sur le parking du supermarché', 'Comment déclarer un sinistre'],
  ['comment remplir le constat', 'Comment bien remplir un constat amiable'],
  ['l’autre conducteur refuse de signer le constat', 'Comment bien remplir un constat amiable'],
  ['panne sur l’autoroute', 'Comment joindre l’assistance'],
  ['ma voiture ne demarre plus', 'Comment joindre l’assistance'],
  ['batterie à plat', 'Comment joindre l’assistance'],
  ['crevaison', 'Comment joindre l’assistance'],
  ['numero de la depanneuse', 'Comment joindre l’assistance'],
  ['je peux aller chez mon garagiste', 'Puis-je choisir le garage'],
  // Véhicule
  ['comment je fais pour changer de bagnole', 'Comment déclarer un changement de véhicule'],
  ['j’ai acheté une nouvelle voiture', 'Comment déclarer un changement de véhicule'],
  ['je recupere ma voiture neuve chez le concessionnaire', 'Je récupère mon nouveau véhicule'],
  ['carte grise perdue', 'Quels documents fournir après un changement de véhicule'],
  ['je pars en vacances en espagne en voiture', 'Puis-je utiliser mon véhicule à l’étranger'],
  ['conduire en europe', 'Puis-je utiliser mon véhicule à l’étranger'],
  ['je prends ma voiture pour le boulot', 'Je modifie mon véhicule ou son usage'],
  // Résiliation
  ['je veux plus de mon assurance', 'Puis-je résilier mon assurance auto à tout moment'],
  ['changer d’assureur', 'Puis-je résilier mon assurance auto à tout moment'],
  ['résilier loi hamon', 'Puis-je résilier mon assurance auto à tout moment'],
  ['arreter mon contrat', 'Comment résilier mon contrat en ligne'],
  ['rèsilier mon contrat', 'Comment résilier mon contrat en ligne'],
  ['j’ai vendu ma voiture', 'Je vends mon véhicule'],
  ['je vends ma voiture', 'Je vends mon véhicule'],
  // Paiement et cotisations
  ['combien je paie par mois', 'Quand et comment ma cotisation est-elle prélevée'],
  ['payer en plusieurs fois', 'Quand et comment ma cotisation est-elle prélevée'],
  ['changer de rib', 'Comment modifier mes coordonnées bancaires'],
  ['nouveau compte en banque', 'Comment modifier mes coordonnées bancaires'],
  ['mon iban ne marche pas', 'Pourquoi mon IBAN est-il refusé'],
  ['prelevement refuse', 'Que se passe-t-il si un prélèvement est rejeté'],
  ['je n’ai pas payé', 'Que se passe-t-il si un prélèvement est rejeté'],
  // Conducteurs et bonus-malus
  ['c’est quoi le bonus', 'Comment fonctionne le bonus-malus'],
  ['malus après accident', 'Comment fonctionne le bonus-malus'],
  ['est ce que le bris de glace fait augmenter mon malus', 'Quels sinistres n’ont pas d’effet'],
  ['mon fils vient d’avoir son permis', 'Mon enfant vient d’obtenir son permis'],
  ['ma fille fait la conduite accompagnee', 'Mon enfant vient d’obtenir son permis'],
  ['je suis jeune conducteur', 'Mon enfant vient d’obtenir son permis'],
  ['rajouter ma femme comme conductrice', 'Comment ajouter un conducteur'],
  ['ajouter mon mari sur le contrat', 'Comment ajouter un conducteur'],
  ['retirer mon fils du contrat', 'Comment retirer un conducteur'],
  ['preter ma voiture a un pote', 'Puis-je prêter mon véhicule à un proche'],
  ['prêter sa voiture à son fils', 'Puis-je prêter mon véhicule à un proche'],
  ['releve d info', 'Comment obtenir mon relevé d’informations'],
  // Documents, contrat et garanties
  ['papier vert assurance', 'La carte verte existe-t-elle encore'],
  ['plus de carte verte', 'La carte verte existe-t-elle encore'],
  ['j’ai perdu mon attestation', 'Où trouver mon attestation d’assurance'],
  ['télécharger attestation d’assurance', 'Où trouver mon attestation d’assurance'],
  ['envoyer mon permis', 'Comment transmettre un document'],
  ['documents à envoyer après souscription', 'Quels documents dois-je transmettre'],
  ['statut non conforme', 'Que signifient les statuts'],
  ['j’ai déménagé', 'Je déménage'],
  ['dèménagement', 'Je déménage'],
  ['nouvelle adresse', 'Je déménage'],
  ['changer d’adresse', 'Je déménage'],
  ['franchise c’est quoi', 'Qu’est-ce qu’une franchise'],
  ['qui paie la franchise', 'Qu’est-ce qu’une franchise'],
  ['tous risques ou au tiers', 'Quelle différence entre une formule au tiers'],
  ['assurance auto au tiers c’est quoi', 'Quelle différence entre une formule au tiers'],
  ['quelles garanties j’ai', 'Comment consulter les garanties'],
  ['contrat renouvelé tout seul', 'Mon contrat est-il renouvelé automatiquement'],
  ['avenant c’est quoi', 'Qu’est-ce qu’un avenant'],
  // Mon compte
  ['j arrive plus a me connecter', 'J’ai oublié mon mot de passe'],
  ['mot de passe perdu', 'J’ai oublié mon mot de passe'],
  ['supprimer mon compte', 'Comment supprimer mon compte'],
  ['recevoir moins de pub', 'Comment gérer mes préférences de communication'],
  ['parler a un conseiller', 'Comment contacter le service client'],
  ['envoyer un message à mon assureur', 'Comment écrire à mon courtier'],
  ['ma messagerie', 'Comment écrire à mon courtier'],
  ['réponse de mon courtier', 'Comment écrire à mon courtier'],
  ['se connecter sans mot de passe', 'Qu’est-ce qu’une clé d’accès'],
  ['passkey', 'Qu’est-ce qu’une clé d’accès'],
  ['connexion avec empreinte digitale', 'Qu’est-ce qu’une clé d’accès'],
  ['authentification à deux facteurs', 'Comment activer la double authentification'],
  ['2FA', 'Comment activer la double authentification'],
  ['code google authenticator', 'Comment activer la double authentification'],
  ['j’ai perdu mes codes de secours', 'Comment activer la double authentification'],
  ['qui est connecté sur mon compte', 'Comment voir les appareils connectés'],
  ['un appareil inconnu est connecté', 'Comment voir les appareils connectés'],
  ['télécharger mes données personnelles', 'Comment obtenir une copie de mes données'],
  ['rgpd copie de mes données', 'Comment obtenir une copie de mes données'],
];

/** No-break spaces as ordinary ones: the FAQ's questions have them before « ? » and « : ». */
const spaced = (text: string) => text.replace(/\u00a0/g, ' ');

describe.each(BACKENDS)('FAQ search in customers’ words on %s', (backend) => {
const it = apiTest
  .extend('search', ({ t, lea: { token } }) => async (q: string) => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/v1/content/faq?${new URLSearchParams({ q })}`,
      headers: bearer(token),
    });
    expect(response.statusCode).toBe(200);
    return response.json<FaqResponse>();
  })
  .override({ backend });


  it.for(PHRASINGS)('« %s » finds « %s » among the first three', async ([q, question], { search }) => {
    const firstThree = (await search(q)).entries.slice(0, 3).map((e) => spaced(e.question));
    expect(
      firstThree.some((found) => found.startsWith(question)),
      firstThree.join(' | '),
    ).toBe(true);
  });

  it('lists only the answers sharing the most with the search: a stolen car finds theft', async ({ search }) => {
    const { entries, total } = await search('on m’a piqué ma voiture');
    expect(entries[0]!.question).toMatch(/^Que faire en cas de vol de mon véhicule/);
    expect(total).toBeLessThan(8);
    for (const entry of entries) expect(entry.question + entry.answerHtml).toMatch(/\bvol\b/);
  });

  it('still reads the search syntax as typed: « contrat -vol » leaves the theft answers out', async ({ search }) => {
    const { entries, total } = await search('contrat -vol');
    expect(total).toBeGreaterThan(10);
    expect(entries.some((e) => /\bvol\b/.test(e.question + e.answerHtml))).toBe(false);
  });

  it('searches a word the spoken questions use when it is all there is (« comment »)', async ({ search }) => {
    const { entries } = await search('comment');
    expect(entries[0]!.question).toMatch(/^Comment /);
  });

  it('maps customers’ words only to words content/faq has', async ({ t }) => {
    const { db } = t.database.handle;
    const missing: string[] = [];
    for (const [faq] of CUSTOMER_WORDS) {
      for (const words of faq.split(' or ')) {
        const { rows } = await sql<{ found: number }>`
          select count(*)::int as found from faq_entries
          where search @@ websearch_to_tsquery('french', unaccent(${words}))`.execute(db);
        if (rows[0]!.found === 0) missing.push(words);
      }
    }
    expect(missing).toEqual([]);
  });
});
