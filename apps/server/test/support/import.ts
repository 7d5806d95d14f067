// Shared steps of the bulk-import tests: a generated import file of valid and refused lines
// whose numbers the test knows, and `npm run import` as a real child process (the CLI the broker
// runs) on a database of the test's own, which the test may SIGKILL in the middle.
import { spawn } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { toolCommand } from './built-server';

const RC = {
  type: 'Responsabilité civile',
  description: 'Dommages corporels et matériels causés aux tiers',
  franchise: 0,
};

export const customerLine = (n: number) => ({
  kind: 'customer',
  customerNumber: `IMP-${n}`,
  firstName: 'Client',
  lastName: `Numéro ${n}`,
  birthDate: '1980-05-17',
  email: `client.${n}@import.example.fr`,
  phoneNumber: '06 12 34 56 78',
  address: { line1: `${n} rue de l’Import`, postalCode: '75011', city: 'Paris' },
  commercialConsent: false,
});

export const contractLine = (n: number, customer: number) => ({
  kind: 'contract',
  contractNumber: `IMPC-${n}`,
  customerNumber: `IMP-${customer}`,
  state: 'Actif',
  formula: 'Tiers',
  premium: 300 + (n % 500),
  startDate: '2025-03-01',
  vehicle: { licensePlate: 'AB-123-CD', manufacturer: 'Renault', model: 'Clio' },
  drivers: [
    {
      salutation: 'Mr',
      firstName: 'Client',
      lastName: `Numéro ${customer}`,
      birthDate: '1980-05-17',
      principal: true,
      crm: 0.9,
    },
  ],
  coverages: [RC],
});

/** The refused lines, by kind of fault, with the field the report must name. */
const BAD_LINES: { text: (n: number) => string; field: string }[] = [
  { text: () => '{"kind": "customer", ', field: '' },
  { text: (n) => JSON.stringify({ ...customerLine(n), kind: 'client' }), field: 'kind' },
  {
    text: (n) => JSON.stringify({ ...customerLine(900_000 + n), email: 'pas-une-adresse' }),
    field: 'email',
  },
  { text: (n) => JSON.stringify(contractLine(900_000 + n, 999_999)), field: 'customerNumber' },
  {
    text: (n) => JSON.stringify({ ...contractLine(900_000 + n, 0), premium: -1 }),
    field: 'premium',
  },
];

export interface GeneratedFile {
  customers: number;
  contracts: number;
  /** Line number → the field its refusal names. */
  refused: Map<number, string>;
}

/**
 * Writes `lines` lines: one in ten refused (five kinds of fault), the others a customer then
 * its contracts, 2 customers for 7 contracts.
 */
export async function writeImportFile(file: string, lines: number): Promise<GeneratedFile> {
  const out = createWriteStream(file);
  const generated: GeneratedFile = { customers: 0, contracts: 0, refused: new Map() };
  let valid = 0;
  for (let i = 1; i <= lines; i++) {
    let text: string;
    if (i % 10 === 7) {
      const bad = BAD_LINES[((i / 10) % BAD_LINES.length) | 0]!;
      text = bad.text(i);
      generated.refused.set(i, bad.field);
    } else if (valid++ % 9 < 2) {
      text = JSON.stringify(customerLine(++generated.customers));
    } else {
      text = JSON.stringify(contractLine(++generated.contracts, generated.customers));
    }
    if (!out.write(`${text}\n`)) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
  return generated;
}

export interface ImportRun {
  code: number | null;
  signal: NodeJS.Signals | null;
  output: string;
}

/** Runs the import CLI; `killAfterLines` SIGKILLs it once it reports that many lines done. */
export function runImportCli(
  args: string[],
  env: Record<string, string>,
  killAfterLines?: number,
): Promise<ImportRun> {
  const child = spawn(process.execPath, [...toolCommand('import'), ...args], {
    env: { ...process.env, LOG_LEVEL: 'warn', DEMO_MODE: 'true', ...env, INIT_CWD: process.cwd() },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output += chunk.toString();
    const done = [...output.matchAll(/Import : (\d+) lignes traitées/g)].at(-1)?.[1];
    if (killAfterLines && done && Number(done) >= killAfterLines) child.kill('SIGKILL');
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  return new Promise((resolve) => {
    child.once('exit', (code, signal) => resolve({ code, signal, output }));
  });
}

/** The totals the CLI printed. */
export function totalsOf(output: string) {
  const count = (label: string) => Number(new RegExp(`${label} : (\\d+)`).exec(output)?.[1]);
  return {
    lines: count('Lignes lues'),
    created: count('créées'),
    updated: count('modifiées'),
    unchanged: count('inchangées'),
    refused: count('refusées'),
  };
}
