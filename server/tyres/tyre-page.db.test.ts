import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { testOrigin } from '#tests/support/app.ts';
import { textOf, useBookingPageApp } from '#tests/support/booking-page-app.ts';
import { addTyre, clearTyres } from '#tests/support/tyres.ts';
import { tyres } from '../db/schema.ts';
import { forgetCatalogue } from './offers.ts';

/**
 * A tyre's own page through the real server rendering: found by its size and slug, priced and
 * dated as its size's page does, with its label, structured data and sitemap entry; a 404 that
 * leads to its size's tyres when it is not on offer.
 */
const { fixture, get } = useBookingPageApp();

const jsonLd = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json"[^>]*>(.*?)<\/script>/g)].map(
    (match) => JSON.parse(match[1]!) as Record<string, unknown>,
  );

describe('a tyre’s own page', () => {
  beforeEach(async () => {
    await clearTyres(fixture.database.db);
  });

  it('shows the tyre’s label, markings and prices fully fitted with "Book fitting", and its product data', async () => {
    const tyre = await addTyre(fixture.database.db, {
      ean: '4000000000011',
      brand: 'Michelin',
      pattern: 'Primacy 4+',
      loadIndex: 94,
      extraLoad: true,
      fuel: 'C',
      wet: 'A',
      noiseDb: 69,
      noiseClass: 'B',
      stock: 2,
      supplierStock: 20,
    });
    const size = await get('/tyres/205-55-r16').expect(200);
    expect(size.text).toContain('href="/tyres/205-55-r16/michelin-primacy-4-plus-94v"');

    const response = await get('/tyres/205-55-r16/michelin-primacy-4-plus-94v').expect(200);
    expect(response.headers['cache-control']).toBe('private, no-cache');
    const page = textOf(response.text);
    const words = page.replace(/<[^>]+>/g, '');
    expect(page).toContain('<title>Michelin Primacy 4+ 205/55 R16 94V Fitted at Home: £74.99');
    expect(page).toContain(
      `<link rel="canonical" href="${testOrigin}/tyres/205-55-r16/michelin-primacy-4-plus-94v"/>`,
    );
    expect(page).toMatch(
      /<meta name="description" content="The Michelin Primacy 4\+ in 205\/55 R16 94V \(EU label: fuel efficiency C, wet grip A, 69 dB\)/,
    );
    // The label, drawn in the page, with its classes in words.
    expect(page).toContain('<svg viewBox="0 0 300 430" role="img"');
    expect(page).toContain(
      'Fuel efficiency class C (of A, best, to E). Wet grip class A (of A, best, to E). External rolling noise 69 dB, class B (of A, quietest, to C).',
    );
    expect(page).toContain('Load index 94: each tyre carries up to 670 kg.');
    expect(page).toContain('Speed rating V: made for speeds up to 240 km/h (149 mph).');
    expect(page).toContain('Extra load (XL)');
    // One and two from the shelf, four from the supplier: each priced and dated, with its link.
    for (const [quantity, total] of [
      [1, '£74.99'],
      [2, '£149.98'],
      [4, '£299.96'],
    ] as const) {
      expect(words).toContain(`${quantity === 1 ? '1 tyre' : `${quantity} tyres`} ${total}`);
      expect(response.text).toContain(
        `/book?service=tyre-replacement&amp;tyre=${tyre.id}&amp;quantity=${quantity}`,
      );
    }
    expect(page).toContain('In stock');
    expect(page).toContain('Ordered in for you from our supplier');

    const [product] = jsonLd(response.text).filter((data) => data['@type'] === 'Product');
    expect(product).toMatchObject({
      name: 'Michelin Primacy 4+ 205/55 R16 94V',
      brand: { '@type': 'Brand', name: 'Michelin' },
      gtin13: '4000000000011',
      offers: {
        '@type': 'Offer',
        price: '74.99',
        priceCurrency: 'GBP',
        availability: 'https://schema.org/InStock',
        url: `${testOrigin}/tyres/205-55-r16/michelin-primacy-4-plus-94v`,
      },
    });
  });

  it('is in the sitemap while own stock or the supplier has the tyre', async () => {
    await addTyre(fixture.database.db, { brand: 'Toyo', pattern: 'Proxes Comfort' });
    await addTyre(fixture.database.db, {
      brand: 'Sailun',
      pattern: 'Atrezzo Elite',
      stock: 0,
      supplierStock: 0,
    });
    const sitemap = (await get('/sitemap.xml').expect(200)).text;
    expect(sitemap).toContain('/tyres/205-55-r16/toyo-proxes-comfort-91v</loc>');
    expect(sitemap).not.toContain('sailun');
  });

  it('tells two tyres of one slug apart, and says when a tyre cannot be booked online', async () => {
    await addTyre(fixture.database.db, {
      brand: 'Toyo',
      pattern: 'Proxes Comfort',
      stock: 0,
      supplierStock: 0,
    });
    await addTyre(fixture.database.db, { brand: 'Toyo', pattern: 'Proxes Comfort', runFlat: true });
    const page = textOf((await get('/tyres/205-55-r16/toyo-proxes-comfort-91v').expect(200)).text);
    expect(page).toContain('This tyre cannot be booked online at the moment.');
    expect(page).toContain('href="/enquiry"');
    expect(page).not.toContain('/book?');
    const runFlat = textOf(
      (await get('/tyres/205-55-r16/toyo-proxes-comfort-91v-run-flat').expect(200)).text,
    );
    expect(runFlat).toContain('Run-flat: after a puncture');
    expect(runFlat).toContain('/book?');
  });

  it('answers 404 for an unknown tyre or size, and names a withdrawn tyre, leading to its size’s tyres', async () => {
    const tyre = await addTyre(fixture.database.db, { brand: 'Toyo', pattern: 'Proxes Comfort' });
    const unknown = await get('/tyres/205-55-r16/no-such-tyre-91v').expect(404);
    expect(unknown.headers['cache-control']).toBe('private, no-cache');
    expect(textOf(unknown.text)).toContain('We do not offer this tyre at the moment.');
    expect(unknown.text).toContain('href="/tyres/205-55-r16"');
    expect(unknown.text).toContain('<meta name="robots" content="noindex, nofollow"/>');
    await get('/tyres/999-55-r16/toyo-proxes-comfort-91v').expect(404);
    await get('/tyres/205-55-r16/Not_A_Slug').expect(404);

    await fixture.database.db.update(tyres).set({ available: false }).where(eq(tyres.id, tyre.id));
    clearKept();
    const withdrawn = await get('/tyres/205-55-r16/toyo-proxes-comfort-91v').expect(404);
    expect(textOf(withdrawn.text)).toContain(
      'The Toyo Proxes Comfort 205/55 R16 91V is no longer available from us.',
    );
    expect(withdrawn.text).toContain('href="/tyres/205-55-r16"');
    expect((await get('/sitemap.xml').expect(200)).text).not.toContain('toyo');

    await fixture.database.db
      .update(tyres)
      .set({ available: true, hidden: true })
      .where(eq(tyres.id, tyre.id));
    clearKept();
    await get('/tyres/205-55-r16/toyo-proxes-comfort-91v').expect(404);
  });
});

/** The change as this process makes it: what it keeps of the catalogue is forgotten. */
const clearKept = () => forgetCatalogue(fixture.database.db);
