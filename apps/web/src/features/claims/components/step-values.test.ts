// What a step's form holds, kept as typed in the draft and read back: nothing typed is lost,
// even a witness's phone without a name, and an empty radio group sends nothing.
import { CLAIM_TYPED_SCHEMAS } from '@espace/contract';
import { describe, expect, it } from 'vitest';
import { toFormValues, toTyped } from './step-values';

describe('typed values of a step', () => {
  it('keeps a witness’s phone alone and a third party’s insurer alone', () => {
    const values = {
      thirdParty: { name: '', plate: '', insurer: 'Assur X', contractNumber: '' },
      witness: { name: '', phone: '06 12' },
    };
    const typed = toTyped('parties', values, 'broken_glass');
    expect(typed).toEqual({
      thirdParty: { name: '', plate: '', insurer: 'Assur X', contractNumber: '' },
      witnesses: [{ name: '', phone: '06 12' }],
    });
    expect(CLAIM_TYPED_SCHEMAS.parties.safeParse(typed).success).toBe(true);
    expect(toFormValues('parties', CLAIM_TYPED_SCHEMAS.parties.parse(typed))).toEqual(values);
  });

  it('sends nothing for a question not answered yet, and reads a partial step back', () => {
    expect(toTyped('theft', { policeStation: 'Comm', keys: null, complaintFiledOn: '' })).toEqual({
      policeStation: 'Comm',
      complaintFiledOn: '',
    });
    expect(toTyped('injuries', { injuries: null })).toEqual({});
    expect(toTyped('vehicle', { drivable: 'false', location: '' })).toEqual({
      drivable: false,
      location: '',
    });
    expect(toFormValues('vehicle', { location: 'Gar' })).toEqual({ location: 'Gar' });
    expect(toFormValues('injuries', {})).toEqual({ injuries: undefined });
    expect(toFormValues('driver', { firstName: 'A' })).toEqual({ firstName: 'A' });
  });
});
