// The mediator rule of an answer short of full acceptance: the configured mediator (name and
// address) and the customer's right, whatever the apostrophes, spacing or case.
import { describe, expect, it } from 'vitest';
import { mediatorParagraph, mentionsMediator } from './texts';

const MEDIATOR = 'La Médiation de l’Assurance, TSA 50110, 75441 Paris Cedex 09';

describe('mentionsMediator', () => {
  it('accepts the paragraph the console proposes', () => {
    expect(mentionsMediator(`Non.\n\n${mediatorParagraph(MEDIATOR)}`, MEDIATOR)).toBe(true);
  });

  it('accepts the mediator typed with straight apostrophes and other spacing', () => {
    const typed =
      "Vous pouvez saisir la médiation de l'assurance,  TSA 50110,\n75441 Paris Cedex 09.";
    expect(mentionsMediator(typed, MEDIATOR)).toBe(true);
  });

  it('refuses a text without the address, or without the right to go to it', () => {
    expect(mentionsMediator('Vous pouvez saisir la Médiation de l’Assurance.', MEDIATOR)).toBe(
      false,
    );
    expect(mentionsMediator(`Adresse utile : ${MEDIATOR}.`, MEDIATOR)).toBe(false);
    expect(mentionsMediator('Nous maintenons notre position.', MEDIATOR)).toBe(false);
  });
});
