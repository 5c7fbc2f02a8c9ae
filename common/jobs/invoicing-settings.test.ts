import * as z from 'zod/mini';
import { describe, expect, it } from 'vitest';
import { seedSiteContent } from '#common/site-content/seed.ts';
import { defaultSiteSettings } from '#common/site-content/site-settings.ts';
import { defaultInvoicingSettings, invoicingChanges, invoicingSettingsSchema } from './invoicing-settings.ts';

const branches = seedSiteContent(defaultSiteSettings).branches;

describe('the invoicing settings', () => {
  it('are, until an owner sets them, the first branch’s address, no VAT number and the standard rate', () => {
    expect(defaultInvoicingSettings(branches)).toEqual({
      address: [branches[0]!.address.street, branches[0]!.address.locality, branches[0]!.address.postcode],
      vatNumber: null,
      vatRatePercent: 20,
      reductionLimitPercent: 10,
    });
    expect(z.safeParse(invoicingSettingsSchema, defaultInvoicingSettings(branches)).success).toBe(true);
  });

  it('read settings saved before the rate and the limit were theirs with the standard ones', () => {
    expect(
      z.parse(invoicingSettingsSchema, {
        address: ['1 High Street', 'Romford RM1 1AA'],
        vatNumber: 'GB 123 4567 89',
      }),
    ).toEqual({
      address: ['1 High Street', 'Romford RM1 1AA'],
      vatNumber: 'GB 123 4567 89',
      vatRatePercent: 20,
      reductionLimitPercent: 10,
    });
  });

  it('read an empty VAT number, and the placeholder settings saved earlier may hold, as not set', () => {
    for (const vatNumber of ['', '  ', 'GB 000 0000 00', null, undefined]) {
      const read = z.parse(invoicingSettingsSchema, { address: ['1 High Street'], vatNumber });
      expect(read.vatNumber).toBeNull();
    }
    expect(z.parse(invoicingSettingsSchema, { address: ['1'], vatNumber: ' XI123456789 ' }).vatNumber).toBe(
      'XI123456789',
    );
  });

  it('refuse a VAT number that is not one, a rate past 100% and a limit that is not a whole per cent', () => {
    const result = z.safeParse(invoicingSettingsSchema, {
      address: ['1 High Street'],
      vatNumber: '12345',
      vatRatePercent: 120,
      reductionLimitPercent: 12.5,
    });
    expect(result.success ? [] : result.error.issues.map((issue) => issue.path.join('.'))).toEqual([
      'vatNumber',
      'vatRatePercent',
      'reductionLimitPercent',
    ]);
  });

  it('name each change in words', () => {
    const before = defaultInvoicingSettings(branches);
    const after = {
      address: ['Unit 4, Brook Street', 'Romford RM3 0AB'],
      vatNumber: 'GB 123 4567 89',
      vatRatePercent: 17.5,
      reductionLimitPercent: 25,
    };
    expect(invoicingChanges(before, after)).toEqual([
      `Invoicing: postal address ${before.address.join(', ')} → Unit 4, Brook Street, Romford RM3 0AB`,
      'Invoicing: VAT number not set → GB 123 4567 89',
      'Invoicing: VAT rate 20% → 17.5%',
      'Invoicing: a price cut of more than 10% → 25% waits for approval',
    ]);
    expect(invoicingChanges(after, after)).toEqual([]);
  });
});
