// zod's own checks in French once the contract is loaded (zod-messages.ts, installed by the
// contract's entry): each kind of issue zod raises, read as a client reads it.
import { z } from './zod';
import { describe, expect, it } from 'vitest';
import { ZOD_MESSAGES } from '../index';

const messageOf = (schema: z.ZodType, value: unknown) =>
  schema.safeParse(value).error?.issues.map((issue) => issue.message);

/** zod's English templates (v4): none may come out once the contract is loaded. */
const ENGLISH =
  /\b(Invalid|[Ee]xpected|[Rr]eceived|Required|must|Too (small|big)|Unrecognized|discriminator)\b/;

describe('zod’s own checks in French', () => {
  const record = z.object({ brand: z.enum(['lumen', 'vireo']), n: z.number() }).strict();

  it.each<[string, z.ZodType, unknown, string[]]>([
    ['a null body', record, null, ['Valeur attendue\u00a0: un objet. Valeur reçue\u00a0: null.']],
    [
      'a list for an object',
      record,
      [],
      ['Valeur attendue\u00a0: un objet. Valeur reçue\u00a0: un tableau.'],
    ],
    ['missing fields', record, {}, [ZOD_MESSAGES.required, ZOD_MESSAGES.required]],
    [
      'an unknown value of a list',
      record,
      { brand: 'autre', n: 1 },
      ['Valeur non reconnue. Valeurs possibles\u00a0: «\u00a0lumen\u00a0», «\u00a0vireo\u00a0».'],
    ],
    [
      'a text for a number',
      record,
      { brand: 'lumen', n: '1' },
      ['Valeur attendue\u00a0: un nombre. Valeur reçue\u00a0: une chaîne de caractères.'],
    ],
    [
      'unknown keys',
      record,
      { brand: 'lumen', n: 1, colour: 'red', size: 2 },
      ['Champs inconnus\u00a0: «\u00a0colour\u00a0», «\u00a0size\u00a0».'],
    ],
    ['one unknown key', record.partial(), { x: 1 }, ['Champ inconnu\u00a0: «\u00a0x\u00a0».']],
    [
      '0 below a minimum of 1',
      z.coerce.number().int().min(1),
      '0',
      ['Cette valeur doit être supérieure ou égale à 1.'],
    ],
    ['a maximum', z.number().max(500), 501, ['Cette valeur doit être inférieure ou égale à 500.']],
    ['an exclusive minimum', z.number().positive(), 0, ['Cette valeur doit être supérieure à 0.']],
    [
      'a large maximum',
      z.number().max(10_000),
      20_000,
      ['Cette valeur doit être inférieure ou égale à 10\u202f000.'],
    ],
    [
      'a word for a number in a query',
      z.coerce.number(),
      'abc',
      ['Valeur attendue\u00a0: un nombre.'],
    ],
    [
      'a decimal for an integer',
      z.number().int(),
      1.5,
      ['Valeur attendue\u00a0: un nombre entier.'],
    ],
    ['an empty text', z.string().min(1), '', [ZOD_MESSAGES.emptyText]],
    ['a short text', z.string().min(3), 'ab', ['Ce texte doit compter au moins 3 caractères.']],
    ['a long text', z.string().max(1), 'ab', ['Ce texte doit compter au plus 1 caractère.']],
    [
      'a text of a fixed length',
      z.string().length(5),
      'ab',
      ['Ce texte doit compter exactement 5 caractères.'],
    ],
    ['an empty list', z.array(z.string()).min(1), [], [ZOD_MESSAGES.emptyList]],
    [
      'a long list',
      z.array(z.string()).max(2),
      ['a', 'b', 'c'],
      ['Cette liste doit compter au plus 2 éléments.'],
    ],
    ['an e-mail', z.email(), 'x', ['Format attendu\u00a0: une adresse e-mail.']],
    ['a date', z.iso.date(), '01/02/2026', ['Format attendu\u00a0: une date AAAA-MM-JJ.']],
    [
      'a date and time',
      z.iso.datetime(),
      'x',
      ['Format attendu\u00a0: une date et une heure ISO 8601 (2026-03-01T09:30:00Z).'],
    ],
    ['a pattern', z.string().regex(/^\d+$/), 'x', [ZOD_MESSAGES.format]],
    [
      'a prefix',
      z.string().startsWith('FR'),
      'DE',
      ['Cette valeur doit commencer par «\u00a0FR\u00a0».'],
    ],
    ['a literal', z.literal('sent'), 'x', ['Valeur attendue\u00a0: «\u00a0sent\u00a0».']],
    ['a multiple', z.number().multipleOf(5), 7, ['Cette valeur doit être un multiple de 5.']],
    [
      'a boolean',
      z.boolean(),
      'oui',
      [
        'Valeur attendue\u00a0: un booléen (true ou false). Valeur reçue\u00a0: une chaîne de caractères.',
      ],
    ],
    ['a union', z.union([z.string(), z.number()]), null, [ZOD_MESSAGES.noUnionMatch]],
    [
      'an unknown kind of a discriminated union',
      z.discriminatedUnion('kind', [
        z.object({ kind: z.literal('a') }),
        z.object({ kind: z.literal('b') }),
      ]),
      { kind: 'c' },
      ['Valeur non reconnue. Valeurs possibles\u00a0: «\u00a0a\u00a0», «\u00a0b\u00a0».'],
    ],
    [
      'a key of a record',
      z.record(z.string().max(1), z.string()),
      { ab: 'x' },
      [ZOD_MESSAGES.invalidKey],
    ],
    ['a refinement without a message', z.string().refine(() => false), 'x', [ZOD_MESSAGES.invalid]],
    ['a field that must be absent', z.object({ a: z.never() }), { a: 1 }, [ZOD_MESSAGES.absent]],
  ])('%s', (_name, schema, value, expected) => {
    const messages = messageOf(schema, value);
    expect(messages).toEqual(expected);
    for (const message of messages ?? []) expect(message).not.toMatch(ENGLISH);
  });

  it('lists at most 20 values, and shortens what the client sent', () => {
    const many = z.enum(Array.from({ length: 25 }, (_, i) => `v${i}`) as [string, ...string[]]);
    expect(messageOf(many, 'x')?.[0]).toMatch(/«\u00a0v19\u00a0» et 5 autres\.$/);
    const key = 'k'.repeat(100);
    expect(messageOf(z.object({}).strict(), { [key]: 1 })?.[0]).toBe(
      `Champ inconnu\u00a0: «\u00a0${'k'.repeat(40)}…\u00a0».`,
    );
    expect(messageOf(z.object({}).strict(), { 'a\u202eb\u0000': 1 })?.[0]).toBe(
      'Champ inconnu\u00a0: «\u00a0a\ufffdb\ufffd\u00a0».',
    );
  });

  it('leaves a schema’s own message alone', () => {
    expect(messageOf(z.number({ error: 'Le montant est obligatoire.' }), null)).toEqual([
      'Le montant est obligatoire.',
    ]);
    expect(messageOf(z.string().min(2, 'Deux lettres au moins.'), 'a')).toEqual([
      'Deux lettres au moins.',
    ]);
  });
});
