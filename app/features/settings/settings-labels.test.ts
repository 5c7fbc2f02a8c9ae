import { describe, expect, it } from 'vitest';
import { settingsFieldLabel } from './settings-labels.ts';

describe('labels of the settings’ fields', () => {
  it('label fields as the Settings tab shows them', () => {
    expect(settingsFieldLabel(['booking', 'noticeHours'])).toBe('Shortest notice');
    expect(settingsFieldLabel(['booking', 'locations', 0, 'week', 'monday', 0, 'end'])).toBe(
      'Monday window 1 ends',
    );
    expect(settingsFieldLabel(['booking', 'locations', 2, 'week', 'sunday', 3, 'places'])).toBe(
      'Sunday window 4 jobs',
    );
    expect(settingsFieldLabel(['booking', 'locations', 1, 'week', 'friday', 1])).toBe('Friday window 2');
    expect(settingsFieldLabel(['booking', 'locations', 1, 'week', 'friday'])).toBe('Friday windows');
    expect(settingsFieldLabel(['booking', 'locations', 1, 'services', 'mot', 'week', 'monday', 0])).toMatch(
      /, Monday window 1$/,
    );
    expect(settingsFieldLabel(['booking', 'closedDates', 0, 'location'])).toBe('Where');
    expect(settingsFieldLabel(['invoicing', 'address'])).toBe('Postal address on invoices');
    expect(settingsFieldLabel(['invoicing', 'address', 1])).toBe('Address line 2');
    expect(settingsFieldLabel(['invoicing', 'vatNumber'])).toBe('VAT registration number');
    expect(settingsFieldLabel(['reminders', 'reviewTime'])).toBe('Review requests go at');
    expect(settingsFieldLabel(['routes', 'starts', 2, 'postcode'])).toBe('Postcode');
    expect(settingsFieldLabel(['routes', 'callOutBands', 0, 'pence'])).toBe('Charge (£)');
  });
});
