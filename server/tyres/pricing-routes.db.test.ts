import request from 'supertest';
import { beforeEach, describe, expect, it } from 'vitest';
import { defaultTyrePricing } from '#common/tyres/pricing-settings.ts';
import type { TyrePricingAnswer } from '#common/tyres/staff.ts';
import { useTestApp } from '#tests/support/integration.ts';
import { addTyre, clearTyres, publicPriceOf } from '#tests/support/tyres.ts';

/** On the real content store: the rules are published as a version of the site content. */
const fixture = useTestApp();

beforeEach(async () => {
  await clearTyres(fixture.database.db);
});

const staff = () => request(fixture.app);
const headers = () => fixture.staff.headers;

const publicPrice = (id: number) => publicPriceOf(fixture.app, id);

const currentRules = async () =>
  (await staff().get('/api/tyres/pricing').set(headers()).expect(200)).body as TyrePricingAnswer;

describe('the price rules', () => {
  it('are the defaults until staff publish their own, which reprice every tyre', async () => {
    const tyre = await addTyre(fixture.database.db);
    const rules = (await staff().get('/api/tyres/pricing').set(headers()).expect(200))
      .body as TyrePricingAnswer;
    expect(rules).toEqual({ version: 1, pricing: defaultTyrePricing, custom: false });
    const pricing = {
      ...defaultTyrePricing,
      rounding: 'pound',
      fitting: [{ upToRim: 24, pence: 2_000 }],
    };
    const published = await staff()
      .put('/api/tyres/pricing')
      .set(headers())
      .send({ version: 1, pricing })
      .expect(200);
    expect(published.body).toMatchObject({ version: 2, custom: true, pricing: { rounding: 'pound' } });
    // £62.40 -> £63.00, and £20.00 fitting.
    expect(await publicPrice(tyre.id)).toBe(8_300);
  });

  it('refuse bad values, and changes made from prices someone changed since', async () => {
    const { version } = await currentRules();
    const bad = await staff()
      .put('/api/tyres/pricing')
      .set(headers())
      .send({ version, pricing: { ...defaultTyrePricing, vatPercent: -1 } })
      .expect(400);
    expect(bad.body.fieldErrors).toEqual({ vatPercent: ['Cannot be negative'] });
    const first = await staff()
      .put('/api/tyres/pricing')
      .set(headers())
      .send({ version, pricing: { ...defaultTyrePricing, vatPercent: 17.5 } })
      .expect(200);
    const stale = await staff()
      .put('/api/tyres/pricing')
      .set(headers())
      .send({ version, pricing: { ...defaultTyrePricing, rounding: 'penny' } })
      .expect(409);
    expect(stale.body.current).toEqual(first.body);
  });

  it('go through from an older version when only other parts of the content changed since', async () => {
    const { version } = await currentRules();
    const content = (await staff().get('/api/site-content').set(headers()).expect(200)).body as {
      version: number;
      content: { business: { companyName: string } };
    };
    await staff()
      .put('/api/site-content')
      .set(headers())
      .send({
        version: content.version,
        content: {
          ...content.content,
          business: { ...content.content.business, companyName: 'Renamed Tyres' },
        },
      })
      .expect(200);
    const published = await staff()
      .put('/api/tyres/pricing')
      .set(headers())
      .send({ version, pricing: { ...defaultTyrePricing, rounding: 'penny' } })
      .expect(200);
    expect(published.body.version).toBe(version + 2);
    const after = (await staff().get('/api/site-content').set(headers()).expect(200)).body;
    expect(after.content.business.companyName).toBe('Renamed Tyres');
    expect(after.content.tyres.rounding).toBe('penny');
  });
});
