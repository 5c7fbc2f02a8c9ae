import { describe, expect, it } from 'vitest';
import { windowGoneMessage } from '#common/bookings/booking.ts';
import { testChoices, testPage } from './booking-test-data.ts';
import { bookingView, summaryRows } from './booking-view.ts';

const chosen = testChoices({ date: '2026-11-25', start: '08:00' });
const detailsPage = testPage({ step: 'details', choices: chosen });
const values = { ...chosen, name: 'Sarah Mitchell', email: 'nope' };

describe('bookingView', () => {
  it("shows the loader's step when nothing was posted", () => {
    expect(bookingView(detailsPage)).toEqual({ step: 'details', choices: chosen, errors: {}, values: {} });
  });

  it('keeps a post with wrong details on the details, with the first message of each field', () => {
    const view = bookingView(detailsPage, {
      outcome: 'invalid',
      error: 'Please check the highlighted fields and try again.',
      fieldErrors: { email: ['Valid email is required', 'another'] },
      values,
    });
    expect(view).toMatchObject({ step: 'details', errors: { email: 'Valid email is required' }, values });
  });

  it('goes back to the step where a choice that cannot be booked is made', () => {
    const time = bookingView(detailsPage, {
      outcome: 'invalid',
      error: 'Please check the highlighted fields and try again.',
      fieldErrors: { start: ['Choose a time from the list'], email: ['Valid email is required'] },
      values,
    });
    expect(time).toMatchObject({ step: 'when', errors: { start: 'Choose a time from the list' } });
    const service = bookingView(detailsPage, {
      outcome: 'invalid',
      error: 'Please check the highlighted fields and try again.',
      fieldErrors: { service: ['Please select a service'], start: ['Choose a time from the list'] },
      values,
    });
    expect(service.step).toBe('what');
  });

  it('stays on the details with the next free windows when the window went, even if the loader moved on', () => {
    const nextFree = [{ date: '2026-11-26', start: '14:00', end: '16:00', placesLeft: 1 }];
    const view = bookingView(testPage({ step: 'when', choices: { ...chosen, start: '' } }), {
      outcome: 'taken',
      error: windowGoneMessage,
      nextFree,
      values,
    });
    expect(view).toMatchObject({
      step: 'details',
      choices: chosen,
      errors: {},
      conflict: { message: windowGoneMessage, nextFree },
    });
    expect(summaryRows(detailsPage, view).at(-1)).toMatchObject({
      value: 'Wednesday 25 November 2026',
      detail: '8:00am: no longer free',
    });
  });

  it('summarises service, place and time as customers read them', () => {
    expect(summaryRows(detailsPage, bookingView(detailsPage))).toEqual([
      { label: 'Service', value: 'Puncture Repair', step: 'what' },
      { label: 'Where', value: 'Mobile fitting', detail: 'RM3 0AB', step: 'what' },
      { label: 'When', value: 'Wednesday 25 November 2026', detail: '8:00am – 10:00am', step: 'when' },
    ]);
  });
});

describe('a booking sent to the office as an enquiry', () => {
  it('says so instead of the steps', () => {
    const view = bookingView(detailsPage, { outcome: 'enquiry', message: 'Sent: ENQ-2612-0001', values });
    expect(view).toMatchObject({ step: 'details', sent: 'Sent: ENQ-2612-0001' });
  });
});
