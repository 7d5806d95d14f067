// « Documents à fournir » (docs/product/documents.md): a document still to send shows the broker's
// deadline, whatever its status (pending, rejected, not validated or none yet), and says when it
// has passed; a document already sent shows none. A document « Non conforme » shows the broker's
// reason under it.
import {
  addDays,
  formatDate,
  todayInParis,
  type DocumentStatus,
  type DocumentToProvide,
} from '@espace/contract';
import { act } from 'react';
import { describe, expect, it } from 'vitest';
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

/** Each entry's deadline line, by its file type (null when it shows none). */
function dueLines(documents: DocumentToProvide[]) {
  act(() =>
    view.root.render(
      <PolicyDocuments
        policy={testPolicy({ documents })}
        isClickable={() => true}
        onOpen={() => undefined}
      />,
    ),
  );
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
    act(() =>
      view.root.render(
        <PolicyDocuments
          policy={testPolicy({ documents })}
          isClickable={() => true}
          onOpen={() => undefined}
        />,
      ),
    );
    const reasons = [...items()].map(
      (item) => item.querySelector('.documents-item__reason')?.textContent ?? null,
    );
    // The last entry is « Ajouter un autre document ».
    expect(reasons).toEqual([`Motif\u00a0: ${reason}`, null, null, null]);
  });
});
