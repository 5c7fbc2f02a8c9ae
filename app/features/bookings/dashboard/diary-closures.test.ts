import { describe, expect, it } from 'vitest';
import { makeSettings, makeWeek, opening } from '#tests/support/booking-settings.ts';
import { dayClosure } from './diary-closures.ts';

describe('a diary day closed', () => {
  it('is not, while one place that takes bookings has a window that day', () => {
    // Sunday 7 June 2026: mobile fitting rests, the Harold Hill branch opens.
    expect(dayClosure(makeSettings(), '2026-06-07')).toBeNull();
    expect(dayClosure(makeSettings(), '2026-06-08')).toBeNull();
  });

  it('is, with no window anywhere that day; a place switched off does not count', () => {
    const settings = makeSettings({
      locations: [
        { key: 'mobile', enabled: true, week: makeWeek([opening('08:00', '10:00')], { sunday: [] }) },
        { key: 'upminster', enabled: false, week: makeWeek([opening('09:00', '11:00')]) },
      ],
    });
    expect(dayClosure(settings, '2026-06-07')).toBe('Closed');
  });

  it('names the bank holiday, or the closed date’s note, when every place is closed for it', () => {
    expect(dayClosure(makeSettings(), '2026-12-25')).toBe('Closed: Christmas Day');
    expect(dayClosure(makeSettings({ openBankHolidays: ['2026-12-25'] }), '2026-12-25')).toBeNull();
    const training = makeSettings({
      closedDates: [{ date: '2026-06-09', location: '', note: 'Staff training' }],
    });
    expect(dayClosure(training, '2026-06-09')).toBe('Closed: Staff training');
    // Closed at one place only: the other still takes bookings.
    const oneBranch = makeSettings({
      closedDates: [{ date: '2026-06-09', location: 'harold-hill', note: 'Stocktake' }],
    });
    expect(dayClosure(oneBranch, '2026-06-09')).toBeNull();
    // Closed for different reasons, or with no note: just closed.
    const mixed = makeSettings({
      closedDates: [
        { date: '2026-06-09', location: 'mobile', note: 'Van in for service' },
        { date: '2026-06-09', location: 'harold-hill', note: '' },
      ],
    });
    expect(dayClosure(mixed, '2026-06-09')).toBe('Closed');
  });

  it('says nothing when no place takes bookings online', () => {
    const off = makeSettings({
      locations: [{ key: 'mobile', enabled: false, week: makeWeek([opening('08:00', '10:00')]) }],
    });
    expect(dayClosure(off, '2026-12-25')).toBeNull();
  });
});
