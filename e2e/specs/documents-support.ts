// Files and steps shared by the documents browser tests.
import type { Page } from '@playwright/test';

/** A small PDF the server's sniffing accepts; `padding` changes its size (docs/product/documents.md duplicates). */
export function pdfFile(name: string, padding = 0) {
  const buffer = Buffer.from(
    `%PDF-1.4\n%${'x'.repeat(padding)}\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n`,
  );
  return { name, mimeType: 'application/pdf', buffer };
}

export function bigPdf(name: string, size: number) {
  const head = Buffer.from('%PDF-1.4\n%');
  return {
    name,
    mimeType: 'application/pdf',
    buffer: Buffer.concat([head, Buffer.alloc(size - head.length, 0x20)]),
  };
}

export const UPLOAD_URL = /\/api\/v1\/document\/accounts\/[^/]+\/policy\/[^/]+\/uploadfile$/;
export const DOWNLOAD_URL = /\/api\/v1\/document\/accounts\/[^/]+\/policy\/[^/]+\/document\/[^/]+$/;
export const POLICIES_URL = /\/api\/v1\/policy\/accounts\/[^/]+$/;

/** The card of a policy on the 'Documents à fournir' tab, by its title. */
export function provideCard(page: Page, title: string) {
  return page.getByRole('region', { name: title });
}
