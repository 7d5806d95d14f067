// The one redaction rule of the logs and the traces (redaction.ts): what a URL, a text or a span's
// attribute may keep. IBANs are judged by their key, computed here independently of the code
// (ISO 13616: the IBAN of a French test account, and the same with one digit changed).
import { describe, expect, it } from 'vitest';
import { HIDDEN, redactAttribute, redactAttributes, redactText, redactUrl } from './redaction';

const IBAN = 'FR7630006000011234567890189';
const IBAN_SPACED = 'FR76 3000 6000 0112 3456 7890 189';
/** The same IBAN with its last digit changed: its key no longer holds (97 ∤ …), so no IBAN. */
const NOT_AN_IBAN = 'FR7630006000011234567890188';

describe('redactUrl', () => {
  it('keeps paging, skins and filters, and hides every other value of the query', () => {
    expect(redactUrl('/interaction/password/reset?token=abc&x=1')).toBe(
      `/interaction/password/reset?token=${HIDDEN}&x=${HIDDEN}`,
    );
    expect(redactUrl('/api/v1/policy/accounts/a1?page=2&brand=vireo')).toBe(
      '/api/v1/policy/accounts/a1?page=2&brand=vireo',
    );
    expect(
      redactUrl('/oidc/auth?client_id=spa&state=s3cr3t&code_challenge=abc&scope=openid%20email'),
    ).toBe(
      `/oidc/auth?client_id=spa&state=${HIDDEN}&code_challenge=${HIDDEN}&scope=openid%20email`,
    );
    expect(redactUrl('https://espace.example.fr/auth/callback?code=c0de&iss=x#frag')).toBe(
      `https://espace.example.fr/auth/callback?code=${HIDDEN}&iss=${HIDDEN}#${HIDDEN}`,
    );
    expect(redactUrl('/api/v1/address/search?q=8%20rue%20des%20Lilas')).toBe(
      `/api/v1/address/search?q=${HIDDEN}`,
    );
    // A name that is not well encoded is kept as it is, its value hidden.
    expect(redactUrl('/a?%E0%A4%A=1')).toBe(`/a?%E0%A4%A=${HIDDEN}`);
  });

  it('hides an IBAN and an email in the path, with or without spaces', () => {
    expect(redactUrl(`/api/v1/policy/accounts/a1/iban/${IBAN}`)).toBe(
      `/api/v1/policy/accounts/a1/iban/${HIDDEN}`,
    );
    expect(redactUrl(`/api/v1/policy/accounts/a1/iban/${encodeURIComponent(IBAN_SPACED)}`)).toBe(
      `/api/v1/policy/accounts/a1/iban/${HIDDEN}`,
    );
    expect(redactUrl('/x/camille.martin%40example.fr/y?email=a@b.fr&page=1')).toBe(
      `/x/${HIDDEN}/y?email=${HIDDEN}&page=1`,
    );
  });
});

describe('redactText', () => {
  it('hides IBANs by their key, written whole or in groups, and leaves look-alikes', () => {
    expect(redactText(`nouvel IBAN ${IBAN}.`)).toBe(`nouvel IBAN ${HIDDEN}.`);
    expect(redactText(`${IBAN_SPACED} est le compte`)).toBe(`${HIDDEN} est le compte`);
    expect(redactText(`AB12 puis ${IBAN_SPACED.toLowerCase()}`)).toBe(`AB12 puis ${HIDDEN}`);
    expect(redactText(`DE89 3704 0044 0532 0130 00`)).toBe(HIDDEN);
    expect(redactText(`ref ${NOT_AN_IBAN}`)).toBe(`ref ${NOT_AN_IBAN}`);
    expect(redactText('trace 4bf92f3577b34da6a3ce929d0e0e4736')).toBe(
      'trace 4bf92f3577b34da6a3ce929d0e0e4736',
    );
  });

  it('hides emails, plain or URL-encoded, and credentials', () => {
    expect(redactText('à camille.martin@example.fr et x%40y.fr')).toBe(`à ${HIDDEN} et ${HIDDEN}`);
    expect(redactText('Authorization: Bearer eyJhbGciOi.abc.def')).toBe(
      `Authorization: Bearer ${HIDDEN}`,
    );
  });
});

describe('redactAttributes', () => {
  it('reads each attribute by what its name says it holds', () => {
    const attributes = redactAttributes({
      'url.full': 'http://h/interaction/staff-link?token=t0k3n',
      'http.target': `/api/v1/policy/accounts/a1/iban/${IBAN}`,
      'url.query': '?token=t0k3n&page=3',
      'http.request.header.authorization': ['Bearer x'],
      'http.request.header.cookie': 'espace_session=abc',
      'db.statement': `select 1 where email = 'lea@example.fr'`,
      'http.status_code': 200,
    });
    expect(attributes).toEqual({
      'url.full': `http://h/interaction/staff-link?token=${HIDDEN}`,
      'http.target': `/api/v1/policy/accounts/a1/iban/${HIDDEN}`,
      'url.query': `token=${HIDDEN}&page=3`,
      'http.request.header.authorization': HIDDEN,
      'http.request.header.cookie': HIDDEN,
      'db.statement': `select 1 where email = '${HIDDEN}'`,
      'http.status_code': 200,
    });
    expect(redactAttribute('exception.message', `IBAN ${IBAN_SPACED} refusé`)).toBe(
      `IBAN ${HIDDEN} refusé`,
    );
  });
});
