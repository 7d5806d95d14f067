// « Documents à fournir » (docs/product/documents.md): a document still to send shows the broker's
// deadline, whatever its status (pending, rejected, not validated or none yet), and says when it
// has passed; a document already sent shows none. A document « Non conforme » shows the broker's
// reason under it. On a phone the pieces the broker asked for come first, never behind « Voir
// plus », and the document a mail's link names is in view, current and focused.
import {
  addDays,
  formatDate,
  todayInParis,
  type DocumentStatus,
  type DocumentToProvide,
} from '@espace/contract';
import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { testPolicy } from '../../../testing/policy';
import { eachTestMounted } from '../../../testing/mounted';
import { PolicyDocuments } from './policy-documents';

const view = eachTestMounted();
const items = () => view.container.querySelectorAll('.documents-list > li');

const document_ = (
  fileType: string,
  status: DocumentStatus | null,
  dueOn: string | null,
): DocumentToProvide => ({
  name: fileType,
  description: '',
  fileType,
  status,
  canResend: false,
  maxFileNumber: null,
  exactFileNumber: null,
  filesReceived: 0,
  dueOn,
});

/** A policy's card of `documents`, every entry clickable, opened on `target` when given. */
const renderCard = (documents: DocumentToProvide[], target: string | null = null) =>
  act(() =>
    view.root.render(
      <PolicyDocuments
        policy={testPolicy({ documents })}
        isClickable={() => true}
        onOpen={() => undefined}
        target={target}
      />,
    ),
  );

/** Each entry's deadline line, by its file type (null when it shows none). */
function dueLines(documents: DocumentToProvide[]) {
  renderCard(documents);
  return Object.fromEntries(
    documents.map((doc, i) => [
      doc.fileType,
      items()[i]!.querySelector('.documents-item__due')?.textContent ?? null,
    ]),
  );
}

describe('PolicyDocuments', () => {
  it('shows the broker’s deadline on a document still to send, whatever its status', () => {
    const due = addDays(todayInParis(), 40);
    expect(
      dueLines([
        document_('pending', 'pending', due),
        document_('rejected', 'rejected', due),
        document_('none-yet', null, due),
        document_('received', 'received', due),
        document_('validated', 'validated', due),
        document_('undated', 'pending', null),
      ]),
    ).toEqual({
      pending: `À envoyer avant le ${formatDate(due)}`,
      rejected: `À envoyer avant le ${formatDate(due)}`,
      'none-yet': `À envoyer avant le ${formatDate(due)}`,
      received: null,
      validated: null,
      undated: null,
    });
  });

  it('says when the deadline has passed', () => {
    const due = todayInParis();
    expect(dueLines([document_('pending', 'pending', due)])).toEqual({
      pending: `Délai dépassé depuis le ${formatDate(due)}\u00a0: à envoyer au plus vite`,
    });
  });
});

describe('the broker’s check', () => {
  it('shows the reason of a document « Non conforme », and no reason once sent again', () => {
    const reason = 'La carte grise est illisible.';
    const documents = [
      { ...document_('carte_grise', 'rejected', null), statusReason: reason },
      { ...document_('permis', 'received', null), statusReason: reason },
      document_('domicile', 'validated', null),
    ];
    renderCard(documents);
    const reasons = [...items()].map(
      (item) => item.querySelector('.documents-item__reason')?.textContent ?? null,
    );
    // The last entry is « Ajouter un autre document ».
    expect(reasons).toEqual([`Motif\u00a0: ${reason}`, null, null, null]);
  });
});

describe('on a phone, where a card shows its first 4 documents', () => {
  /** The browser's answer for a 375 px screen: every media query of the phone width matches. */
  const onAPhone = () =>
    vi.spyOn(window, 'matchMedia').mockImplementation(
      (media) =>
        ({
          matches: true,
          media,
          onchange: null,
          addEventListener: () => undefined,
          removeEventListener: () => undefined,
          addListener: () => undefined,
          removeListener: () => undefined,
          dispatchEvent: () => false,
        }) as MediaQueryList,
    );
  const asked = (fileType: string, status: DocumentStatus | null = null) => ({
    ...document_(fileType, status, null),
    askedForRequest: true,
  });
  // Camille's Peugeot: six documents of the broker's, then the pieces asked as it handled requests.
  const documents = [
    document_('permis', 'pending', null),
    document_('releve', 'rejected', null),
    document_('carte_grise', 'received', null),
    document_('domicile', 'validated', null),
    document_('mandat_sepa', 'not validated', null),
    asked('piece-dem-1-1', 'received'),
    asked('piece-dem-2-1'),
    asked('piece-dem-3-1'),
  ];
  const shownTypes = () =>
    [...view.container.querySelectorAll('.documents-list > li .documents-item__name')].map(
      (name) => name.textContent,
    );

  it('lists the piece the broker asked for last first, then the others asked, then what is owed', () => {
    onAPhone();
    renderCard(documents);
    expect(shownTypes()).toEqual([
      'piece-dem-3-1',
      'piece-dem-2-1',
      'permis',
      'releve',
      'Ajouter un autre document',
    ]);
    expect(view.container.querySelector('[aria-expanded="false"]')?.textContent).toBe('Voir plus');
  });

  it('opens on the document the address names: in view, marked current and focused', () => {
    onAPhone();
    renderCard(documents, 'domicile');
    expect(shownTypes()).toContain('domicile');
    const current = view.container.querySelectorAll('[aria-current="true"]');
    expect(current).toHaveLength(1);
    expect(current[0]!.textContent).toContain('domicile');
    expect(document.activeElement).toBe(current[0]);
  });
});
