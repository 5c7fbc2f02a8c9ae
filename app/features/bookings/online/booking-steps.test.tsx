// @vitest-environment happy-dom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { outsideAreaForMobileMessage, postcodeForMobileMessage } from '#common/bookings/booking.ts';
import { markHydrated } from '#app/lib/hydration.ts';
import { beyondCallOutMessage, unplacedPostcodeMessage } from '#common/routing/words.ts';
import { errorSummaryId } from './booking-error-summary.tsx';
import { testAvailability, testChoices, testLocations, testServices, testTyre } from './booking-test-data.ts';
import { radioNamed, renderStep } from './booking-test-render.tsx';
import { WhatWhereStep } from './what-where-step.tsx';
import { WhenStep } from './when-step.tsx';

// The steps render in a page that is already running, as after a first step in the browser.
beforeAll(markHydrated);
afterEach(cleanup);

describe('WhatWhereStep', () => {
  const step = (choices = testChoices(), errors = {}) => (
    <WhatWhereStep
      choices={choices}
      errors={errors}
      services={testServices}
      locations={testLocations}
      coveredDistricts={['RM3', 'SS']}
    />
  );

  it('shows the choices already made and carries them, and a time chosen before, to the next step', async () => {
    const { visits, user } = await renderStep(step(testChoices({ date: '2026-11-25', start: '08:00' })));
    expect(radioNamed(/^Puncture Repair/).checked).toBe(true);
    expect(radioNamed(/^Tyre Replacement/).checked).toBe(false);
    expect(radioNamed(/^We come to you/).checked).toBe(true);
    expect((screen.getByLabelText(/Postcode where the vehicle will be/) as HTMLInputElement).value).toBe(
      'RM3 0AB',
    );

    await user.click(radioNamed(/^Upminster/));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(visits.at(-1)?.get('step')).toBe('when'));
    expect(Object.fromEntries(visits.at(-1)!)).toMatchObject({
      service: 'puncture-repair',
      location: 'upminster',
      date: '2026-11-25',
      start: '08:00',
    });
  });

  it('keeps tyres chosen on a tyre’s page in view, asks only where, and carries them with their service', async () => {
    const choices = testChoices({ service: 'tyre-replacement', postcode: '', tyre: '12', quantity: '2' });
    const { visits, user } = await renderStep(
      <WhatWhereStep
        choices={choices}
        errors={{}}
        services={testServices}
        locations={testLocations}
        coveredDistricts={['RM3']}
        tyre={testTyre}
      />,
    );
    const tyres = screen.getByRole('region', { name: 'Your tyres' });
    within(tyres).getByText('2 × Hankook Ventus Prime 4 205/55 R16 91V');
    within(tyres).getByText('£149.98');
    expect(within(tyres).getByRole('link', { name: 'Choose another tyre' }).getAttribute('href')).toBe(
      '/tyres/205-55-r16',
    );
    expect(within(tyres).getByRole('link', { name: 'book without tyres' }).getAttribute('href')).toBe(
      '/book?service=tyre-replacement&location=mobile',
    );
    // The service goes without asking: only where.
    expect(screen.queryByRole('group', { name: 'Which service do you need?' })).toBeNull();
    expect(screen.queryByRole('radio', { name: /^Puncture Repair/ })).toBeNull();
    screen.getByRole('group', { name: 'Where should we fit them?' });

    await user.click(radioNamed(/^Upminster/));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(visits.at(-1)?.get('step')).toBe('when'));
    expect(Object.fromEntries(visits.at(-1)!)).toEqual({
      service: 'tyre-replacement',
      location: 'upminster',
      postcode: '',
      tyre: '12',
      quantity: '2',
      step: 'when',
    });
  });

  it('tells whether the postcode is inside the covered area as it is typed', async () => {
    const { user } = await renderStep(step(testChoices({ postcode: '' })));
    const postcode = screen.getByLabelText(/Postcode where the vehicle will be/);
    await user.type(postcode, 'co1 1aa');
    screen.getByText(outsideAreaForMobileMessage('CO1'));
    expect(postcode.getAttribute('aria-describedby')).toBe('book-postcode-coverage');
    await user.clear(postcode);
    await user.type(postcode, 'RM3 0AB');
    screen.getByText(/Good news: RM3 is inside our area/);
  });

  it('offers the enquiry form where the vans do not reach the postcode, or it cannot be placed', async () => {
    for (const message of [beyondCallOutMessage, unplacedPostcodeMessage]) {
      await renderStep(step(testChoices({ postcode: 'RM3 0AB' }), { postcode: message }));
      expect(screen.getAllByText(message).length).toBeGreaterThan(0);
      expect(screen.getByRole('link', { name: 'Send an enquiry instead' }).getAttribute('href')).toBe(
        '/enquiry',
      );
      cleanup();
    }
  });

  it("shows the server's messages at their fields, under a summary that takes the focus", async () => {
    await renderStep(
      step(testChoices({ service: '', postcode: '' }), {
        service: 'Please select a service',
        postcode: postcodeForMobileMessage,
      }),
    );
    const summary = document.getElementById(errorSummaryId)!;
    expect(document.activeElement).toBe(summary);
    expect(within(summary).getByRole('link', { name: 'Please select a service' }).getAttribute('href')).toBe(
      '#book-service',
    );
    const services = screen.getByRole('group', { name: 'Which service do you need?' });
    expect(services.getAttribute('aria-describedby')).toBe('book-service-error');
    expect(document.getElementById('book-service-error')?.textContent).toBe('Please select a service');
    const postcode = screen.getByLabelText(/Postcode where the vehicle will be/);
    expect(postcode.getAttribute('aria-invalid')).toBe('true');
    expect(postcode.getAttribute('aria-describedby')).toBe('book-postcode-error');
    expect(document.getElementById('book-postcode-error')?.textContent).toBe(postcodeForMobileMessage);
  });

  it('offers an MOT, hiding the places that do not do it while it is chosen, and carries it at a branch', async () => {
    const mot = {
      slug: 'mot',
      title: 'MOT Testing',
      description: 'MOT test at our Upminster branch.',
      locations: ['upminster'],
    };
    const { visits, user } = await renderStep(
      <WhatWhereStep
        choices={testChoices({ service: 'mot', location: 'upminster', postcode: '' })}
        errors={{}}
        services={[...testServices, mot]}
        locations={testLocations}
        coveredDistricts={['RM3', 'SS']}
      />,
    );
    expect(radioNamed(/^MOT Testing/).checked).toBe(true);
    expect(radioNamed(/^Upminster/).checked).toBe(true);
    expect([...document.querySelectorAll('style')].map((style) => style.textContent)).toEqual([
      'form:has(input[name="service"][value="mot"]:checked) label:has(input[name="location"][value="mobile"]){display:none}',
    ]);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(visits.at(-1)?.get('step')).toBe('when'));
    expect(Object.fromEntries(visits.at(-1)!)).toMatchObject({ service: 'mot', location: 'upminster' });
  });

  it('adds no style when every service is done everywhere', async () => {
    await renderStep(step());
    expect(document.querySelector('style')).toBeNull();
  });
});

describe('WhenStep', () => {
  const step = (choices = testChoices({ date: '2026-11-25' }), errors = {}) => (
    <WhenStep choices={choices} errors={errors} availability={testAvailability} horizonDays={21} />
  );

  it("offers the days with a free window, and the chosen day's windows with the places left", async () => {
    await renderStep(step());
    const days = screen.getByRole('group', { name: 'Choose a day' });
    expect(
      within(days)
        .getAllByRole('radio')
        .map((radio) => radio.getAttribute('value')),
    ).toEqual(['2026-11-25', '2026-11-26']);
    expect(radioNamed('Wednesday 25 November').checked).toBe(true);
    // A month grid with weekday headers, from the first week with a free day to the last.
    const november = screen.getByRole('table', { name: 'November 2026' });
    expect(
      within(november)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']);
    expect(within(november).getAllByRole('row')).toHaveLength(2);
    const times = screen.getByRole('group', { name: 'Choose a time on Wednesday 25 November' });
    expect(
      within(times)
        .getAllByRole('radio')
        .map((radio) => radio.closest('label')?.textContent),
    ).toEqual(['8:00am – 10:00am2 places left', '10:00am – 12:00pm1 place left']);
  });

  it('tells the call-out before a time is chosen, and marks a time near another job apart from its places', async () => {
    const nearby = [
      {
        date: '2026-11-25',
        windows: [{ start: '08:00', end: '10:00', placesLeft: 1, nearby: true, callOut: '£5.00' }],
      },
    ];
    await renderStep(
      <WhenStep
        choices={testChoices({ date: '2026-11-25' })}
        errors={{}}
        availability={nearby}
        horizonDays={21}
        callOut={{ text: 'Call-out to RM3 0AB: £10.00, added to your booking.', nearbySaving: '£5.00' }}
      />,
    );
    expect(screen.getByRole('note').textContent).toBe(
      'Call-out to RM3 0AB: £10.00, added to your booking.Times marked “Near another job” take £5.00 off it.',
    );
    const label = radioNamed(/^8:00am/).closest('label')!;
    expect(label.textContent).toBe('8:00am – 10:00amNear another job: £5.00 off the call-out1 place left');
    expect(within(label).getByText('Near another job: £5.00 off the call-out').className).toContain(
      'text-brand-dark',
    );
  });

  it('shows a window with more than a few places as free, with no count', async () => {
    await renderStep(step(testChoices({ date: '2026-11-26' })));
    const times = screen.getByRole('group', { name: 'Choose a time on Thursday 26 November' });
    expect(within(times).getByRole('radio').closest('label')?.textContent).toBe('2:00pm – 4:00pm');
  });

  it('shows the windows of another day as soon as it is chosen, without leaving the page', async () => {
    const { visits, user } = await renderStep(step(testChoices({ date: '2026-11-25', start: '08:00' })));
    const before = visits.length;
    await user.click(radioNamed('Thursday 26 November'));
    const times = screen.getByRole('group', { name: 'Choose a time on Thursday 26 November' });
    expect(within(times).getAllByRole('radio')).toHaveLength(1);
    expect(radioNamed(/^2:00pm – 4:00pm/).checked).toBe(false);
    expect(screen.queryByRole('radio', { name: /^8:00am/ })).toBeNull();
    expect(visits.length).toBe(before);
  });

  it('sends the earlier choices, the day and its window on to the details', async () => {
    const { visits, user } = await renderStep(step());
    await user.click(radioNamed(/^10:00am – 12:00pm/));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(visits.at(-1)?.get('step')).toBe('details'));
    expect(Object.fromEntries(visits.at(-1)!)).toEqual({
      service: 'puncture-repair',
      location: 'mobile',
      postcode: 'RM3 0AB',
      date: '2026-11-25',
      timesFor: '2026-11-25',
      start: '10:00',
      step: 'details',
    });
  });

  it('shows a message at the windows, linked from the summary', async () => {
    await renderStep(step(testChoices({ date: '2026-11-25' }), { start: 'Choose a time' }));
    const times = screen.getByRole('group', { name: /^Choose a time on/ });
    expect(times.getAttribute('aria-describedby')).toBe('book-start-error');
    expect(document.getElementById('book-start-error')?.textContent).toBe('Choose a time');
    expect(document.activeElement?.id).toBe(errorSummaryId);
  });
});
