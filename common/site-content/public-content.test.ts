import { describe, expect, it } from 'vitest';
import { defaultReminderSettings } from '#common/reminders/settings.ts';
import { defaultTyrePricing } from '#common/tyres/pricing-settings.ts';
import { makeContent } from '#tests/support/site-content.ts';
import { publicContent } from './public-content.ts';

describe('the public part of the site content', () => {
  it('is what the public pages show: the visible services, none of the settings staff alone see', () => {
    // A document stored before the settings had their own home still holds them: never shown.
    const content = makeContent((draft) => {
      draft.services[1]!.visible = false;
      Object.assign(draft, {
        tyres: defaultTyrePricing,
        reminders: { ...defaultReminderSettings, reviewLink: 'https://g.page/r/review' },
        invoicing: { address: ['1 High Street', 'Romford RM1 1AA'], vatNumber: 'GB 123 4567 89' },
      });
    });
    const shown = publicContent(content);
    expect(Object.keys(shown).sort()).toEqual([
      'areas',
      'branches',
      'business',
      'contactHours',
      'homePricing',
      'infoPages',
      'services',
      'testimonials',
    ]);
    expect(shown.services.map((service) => service.key)).toEqual(
      content.services.filter((_, index) => index !== 1).map((service) => service.key),
    );
    expect(JSON.stringify(shown)).not.toMatch(/marginPercent|g\.page|GB 123|acknowledgement/);
  });
});
