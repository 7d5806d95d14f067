import { extractText, getDocumentProxy } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { DEMO_PDF_FOOTER, renderDemoPdf } from './demo-pdf';
import { drawable } from './drawable';

/** Each page's text as a reader extracts it, no-break spaces as spaces. */
async function pagesOf(pdf: Uint8Array) {
  const proxy = await getDocumentProxy(new Uint8Array(pdf));
  const { text } = await extractText(proxy, { mergePages: false });
  const { info } = (await proxy.getMetadata()) as { info: { Title?: string } };
  return { pages: text.map((t) => t.replace(/\u00a0/g, ' ')), title: info.Title };
}

describe('demo PDFs', () => {
  it('is a real one-page PDF that parses back, with its title in the metadata', async () => {
    const pdf = await renderDemoPdf({
      title: 'Attestation d’assurance',
      lines: ['Contrat n° AUTO-2026-0001', '', 'Véhicule : Renault Clio'],
    });

    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const { pages, title } = await pagesOf(pdf);
    expect(pages).toHaveLength(1);
    expect(title).toBe('Attestation d’assurance');
    expect(pages[0]).toContain(`${DEMO_PDF_FOOTER} · page 1/1`);
  });

  it('draws French accents, the euro sign and typographic quotes as they are', async () => {
    const line = 'Conditions générales : à régler 12,50 € — œuvre, façade, élève, l’été, « oui »';
    const { pages } = await pagesOf(
      await renderDemoPdf({ title: 'Conditions générales', lines: [line] }),
    );
    expect(pages[0]).toContain('Conditions générales');
    expect(pages[0]).toContain(line);
  });

  it('replaces what the standard font cannot draw instead of failing', async () => {
    const { pages } = await pagesOf(
      await renderDemoPdf({
        title: 'Prime annuelle 🚗',
        lines: ['Montant : 1\u202f234,50\u00a0€', 'Ŝtrange\tligne'],
      }),
    );
    expect(pages[0]).toContain('Montant : 1 234,50 €');
    expect(drawable('Prime annuelle 🚗')).toBe('Prime annuelle ?');
    expect(drawable('1\u202f234,50\u00a0€')).toBe('1\u00a0234,50\u00a0€');
    expect(drawable('Ŝtrange\tligne')).toBe('Strange ligne');
    expect(drawable('déjà ç € « »')).toBe('déjà ç € « »');
    expect(drawable('Ω')).toBe('?');
  });

  it('adds pages when the text runs over, each with its footer and « page x/y »', async () => {
    const paragraph =
      'La garantie responsabilité civile couvre les dommages causés aux tiers. '.repeat(6);
    const { pages } = await pagesOf(
      await renderDemoPdf({
        title: 'Conditions générales',
        lines: [...Array.from({ length: 40 }, () => paragraph), 'x'.repeat(400)],
      }),
    );
    expect(pages.length).toBeGreaterThan(1);
    pages.forEach((page, i) =>
      expect(page).toContain(`${DEMO_PDF_FOOTER} · page ${i + 1}/${pages.length}`),
    );
  });
});
