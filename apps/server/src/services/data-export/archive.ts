// The archive of « Mes données » (docs/decisions/0121-data-export-through-the-outbox.md): one zip
// (fflate, deflated) holding the data as JSON, its JSON Schema (the contract's
// `dataExportContentSchema`, converted by zod) and the readable PDF. Built in memory: a
// customer's data is a few hundred kilobytes (documents are listed, not copied).
import {
  DATA_EXPORT_FILES,
  dataExportContentSchema,
  type BrandKey,
  type DataExportContent,
} from '@espace/contract';
import { strToU8, zipSync } from 'fflate';
import { z } from 'zod';
import type { DocumentIssuer } from '../documents/pdf-layouts/contract-data';
import { renderDataExportPdf } from './pdf';

/** The JSON Schema of donnees.json (draft 2020-12), with its identity. */
export function dataExportJsonSchema(): Record<string, unknown> {
  return {
    ...z.toJSONSchema(dataExportContentSchema, { target: 'draft-2020-12' }),
    $id: 'https://espace-assure.example/schemas/mes-donnees-v2.json',
    title: 'Mes données – Espace Assuré',
  };
}

export async function buildArchive(
  data: DataExportContent,
  options: { issuer: DocumentIssuer; brand: BrandKey },
): Promise<Buffer> {
  const pdf = await renderDataExportPdf(data, options);
  const mtime = new Date(data.generatedAt);
  const zipped = zipSync(
    {
      [DATA_EXPORT_FILES.data]: strToU8(`${JSON.stringify(data, null, 2)}\n`),
      [DATA_EXPORT_FILES.schema]: strToU8(`${JSON.stringify(dataExportJsonSchema(), null, 2)}\n`),
      [DATA_EXPORT_FILES.pdf]: [new Uint8Array(pdf), { level: 0 }],
    },
    { level: 6, mtime },
  );
  return Buffer.from(zipped.buffer, zipped.byteOffset, zipped.byteLength);
}
