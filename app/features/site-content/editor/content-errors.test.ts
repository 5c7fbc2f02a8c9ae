import { describe, expect, it } from 'vitest';
import { makeContent } from '#tests/support/site-content.ts';
import { checkDraft, errorKeysInOrder, fieldLabel, fieldLocation, shownErrors } from './content-errors.ts';

describe('checking the draft', () => {
  it('accepts the original content, trimmed as the API stores it', () => {
    const result = checkDraft(makeContent((content) => (content.business.companyName = '  Anytown Tyres  ')));
    expect(result.ok && result.content.business.companyName).toBe('Anytown Tyres');
  });

  it('names each field that needs attention by its dotted path, with the shared messages', () => {
    const result = checkDraft(
      makeContent((content) => {
        content.services[1]!.pricing[0]!.price = ' ';
        content.branches[0]!.hours.saturday = { closed: false, opens: '16:00', closes: '09:00' };
        content.areas.radiusMiles = Number.NaN;
      }),
    );
    expect(result).toEqual({
      ok: false,
      fieldErrors: {
        'services.1.pricing.0.price': ['Enter a price, for example £25 or From £45'],
        'branches.0.hours.saturday.closes': ['Closing time must be after opening time'],
        'areas.radiusMiles': ['Enter a whole number of miles'],
      },
    });
  });

  it('ignores a closed day’s times', () => {
    const result = checkDraft(
      makeContent((content) => (content.branches[1]!.hours.sunday = { closed: true, opens: '', closes: '' })),
    );
    expect(result.ok).toBe(true);
  });
});

describe('the messages shown', () => {
  const draft = { 'business.email': ['Enter a valid e-mail address'] };
  const server = {
    'business.email': ['Taken'],
    'services.0.slug': ['Another service already uses this address'],
  };

  it('are only the server’s until staff first try to publish', () => {
    expect(shownErrors(false, draft, server)).toBe(server);
  });

  it('are the rules’ and the server’s together afterwards, each message once', () => {
    expect(
      shownErrors(true, draft, { ...server, 'business.email': ['Enter a valid e-mail address', 'Taken'] }),
    ).toEqual({
      'business.email': ['Enter a valid e-mail address', 'Taken'],
      'services.0.slug': ['Another service already uses this address'],
    });
  });

  it('are listed in the order of the page', () => {
    expect(
      errorKeysInOrder({
        'testimonials.0.author': ['x'],
        'branches.1.name': ['x'],
        'customerEmails.acknowledgementIntro': ['x'],
        'business.email': ['x'],
        services: ['x'],
        'areas.regions.0': ['x'],
        'services.2.title': ['x'],
      }),
    ).toEqual([
      'business.email',
      'services',
      'services.2.title',
      'branches.1.name',
      'areas.regions.0',
      'testimonials.0.author',
      'customerEmails.acknowledgementIntro',
    ]);
  });
});

describe('labels and locations of fields', () => {
  it('label fields as the editor shows them', () => {
    expect(fieldLabel(['business', 'companyName'])).toBe('Company name');
    expect(fieldLabel(['services', 1, 'pricing', 0, 'price'])).toBe('Price');
    expect(fieldLabel(['services', 1, 'benefits', 2])).toBe('Benefit 3');
    expect(fieldLabel(['areas', 'regions', 0])).toBe('Area 1');
    expect(fieldLabel(['branches', 0, 'hours', 'saturday', 'opens'])).toBe('Saturday opens');
    expect(fieldLabel(['branches', 0, 'hours', 'sunday', 'closed'])).toBe('Closed on Sunday');
  });

  it('say where a field is, by the names staff gave', () => {
    const content = makeContent();
    expect(fieldLocation(content, 'services.1.pricing.0.price')).toBe('Puncture Repair, price line 1: Price');
    expect(fieldLocation(content, 'services.1.longDescription.2')).toBe('Puncture Repair: Paragraph 3');
    expect(fieldLocation(content, 'branches.0.hours.saturday.closes')).toBe('Harold Hill: Saturday closes');
    expect(fieldLocation(content, 'homePricing.groups.1.items.0.name')).toBe(
      'Home page prices, MOT Testing, line 1: Description',
    );
    expect(fieldLocation(content, 'business.socialLinks.1.url')).toBe(
      'Business details, social link 2: Address',
    );
    expect(fieldLocation(content, 'testimonials.2.author')).toBe('Testimonial 3: Name');
    expect(fieldLocation(content, 'services')).toBe('Services');
    expect(fieldLocation(content, 'infoPages.mot.sections.1.blocks.0.items.2')).toBe(
      'MOT page, section 2: Point 3',
    );
    expect(fieldLocation(content, 'infoPages.contact.faqs.0.answer')).toBe(
      'Contact page, question 1: Answer',
    );
    expect(fieldLocation(content, 'infoPages.about.metaTitle')).toBe('About page: Title in search results');
    expect(fieldLocation(content, 'infoPages.servicing.keywords.3')).toBe('Servicing page: Keyword 4');
    const unnamed = makeContent((changed) => (changed.services[0]!.title = ''));
    expect(fieldLocation(unnamed, 'services.0.title')).toBe('Service 1: Name');
  });
});
