// @vitest-environment happy-dom
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { createRoutesStub } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  outsideAreaForMobileMessage,
  postcodeForMobileMessage,
  windowGoneMessage,
} from '#common/bookings/booking.ts';
import { registrationMessage } from '#common/vehicles/registration.ts';
import { remindersConsentWording } from '#common/reminders/consent.ts';
import { bookingPaymentText } from '#common/bookings/words.ts';
import { markHydrated } from '#app/lib/hydration.ts';
import { errorSummaryId } from './booking-error-summary.tsx';
import { testAvailability, testChoices, testLocations, testServices, testTyre } from './booking-test-data.ts';
import { DetailsStep, type DetailsStepProps } from './details-step.tsx';
import { WhatWhereStep } from './what-where-step.tsx';
import { WhenStep } from './when-step.tsx';

// The steps render in a page that is already running, as after a first step in the browser.
beforeAll(markHydrated);
afterEach(cleanup);

/**
 * A step on the booking page's address, in a router as on the site: what its GET forms ask for
 * (the loader's addresses) and what its post sends (the action's fields) are recorded.
 */
async function renderStep(step: ReactNode) {
  const visits: URLSearchParams[] = [];
  const posts: Record<string, string>[] = [];
  const Stub = createRoutesStub([
    {
      path: '/book',
      Component: () => step,
      loader: ({ request }) => {
        visits.push(new URL(request.url).searchParams);
        return null;
      },
      action: async ({ request }) => {
        const form = await request.formData();
        posts.push(Object.fromEntries([...form].map(([key, value]) => [key, String(value)])));
        return null;
      },
    },
  ]);
  render(<Stub initialEntries={['/book']} />);
  // The route's loader runs before the step is shown.
  await waitFor(() => expect(document.querySelector('main, form, [role=status]')).not.toBeNull());
  return { visits, posts, user: userEvent.setup({ delay: null }) };
}

const radioNamed = (name: RegExp | string) => screen.getByRole('radio', { name }) as HTMLInputElement;

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

describe('DetailsStep', () => {
  const choices = testChoices({ date: '2026-11-25', start: '08:00' });
  const step = (props: Partial<DetailsStepProps> = {}) => (
    <DetailsStep
      choices={choices}
      summary={[
        { label: 'Service', value: 'Puncture Repair', step: 'what' },
        { label: 'When', value: 'Wednesday 25 November 2026', detail: '8:00am – 10:00am', step: 'when' },
      ]}
      values={{}}
      errors={{}}
      {...props}
    />
  );

  const fillIn = async (user: ReturnType<typeof userEvent.setup>) => {
    await user.type(screen.getByLabelText(/^Name/), 'Sarah Mitchell');
    await user.type(screen.getByLabelText(/^Phone/), '07700 900123');
    await user.type(screen.getByLabelText(/^Email/), 'sarah@example.com');
    await user.type(screen.getByLabelText(/^Address \(first line\)/), '12 High Street');
    await user.type(screen.getByLabelText(/^Town/), 'Romford');
    await user.type(screen.getByLabelText(/^Vehicle registration/), 'ab12 cde');
    await user.type(screen.getByLabelText(/^Vehicle make and model/), 'Ford Focus');
  };

  it('summarises the choices with links to change them, and posts them with the details', async () => {
    const { posts, user } = await renderStep(step());
    const summary = screen.getByRole('region', { name: 'Your booking' });
    expect(within(summary).getByRole('link', { name: 'Change when' }).getAttribute('href')).toBe(
      '/book?service=puncture-repair&location=mobile&postcode=RM3+0AB&date=2026-11-25&start=08%3A00&step=when',
    );
    screen.getByText('for example AB12 CDE');
    await fillIn(user);
    screen.getByText(bookingPaymentText);
    // The key's place is asked once the wheels have locking nuts.
    const nuts = screen.getByRole('group', { name: 'Do your wheels have locking wheel nuts?' });
    await user.click(within(nuts).getByRole('radio', { name: 'Yes' }));
    await user.type(screen.getByLabelText('Where is the key?'), 'Glovebox');
    // The reminders question waits for the customer to tick it.
    const reminders = screen.getByLabelText(remindersConsentWording) as HTMLInputElement;
    expect(reminders.checked).toBe(false);
    await user.click(reminders);
    await user.click(screen.getByRole('button', { name: 'Confirm booking' }));
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]).toEqual({
      service: 'puncture-repair',
      location: 'mobile',
      postcode: 'RM3 0AB',
      date: '2026-11-25',
      start: '08:00',
      name: 'Sarah Mitchell',
      phone: '07700 900123',
      email: 'sarah@example.com',
      addressLine: '12 High Street',
      town: 'Romford',
      lockingNuts: 'yes',
      lockingNutKey: 'Glovebox',
      registration: 'ab12 cde',
      vehicle: 'Ford Focus',
      notes: '',
      remindersConsent: 'on',
      website: '',
    });
  });

  it('names the tyres once, in the summary, without their first fitting day once a day is chosen', async () => {
    await renderStep(step({ tyre: testTyre, choices: { ...choices, tyre: '12', quantity: '2' } }));
    expect(screen.getAllByText(testTyre.what)).toHaveLength(1);
    const summary = screen.getByRole('region', { name: 'Your booking' });
    within(summary).getByText(testTyre.what);
    within(summary).getByText('£149.98 in all (£74.99 each), fully fitted, VAT included');
    expect(document.body.textContent).not.toMatch(/fitted from/i);
    expect(screen.queryByRole('region', { name: 'Your tyres' })).toBeNull();
  });

  it('asks about locking wheel nuts for mobile work only', async () => {
    await renderStep(step({ choices: { ...choices, location: 'upminster', postcode: '' } }));
    expect(screen.queryByRole('group', { name: 'Do your wheels have locking wheel nuts?' })).toBeNull();
    expect(screen.queryByLabelText('Where is the key?')).toBeNull();
    screen.getByText(bookingPaymentText);
  });

  it('shows a message about locking wheel nuts at their question, linked from the summary', async () => {
    await renderStep(
      step({ values: { lockingNuts: 'yes' }, errors: { lockingNutKey: 'Must be 100 characters or fewer' } }),
    );
    const summary = document.getElementById(errorSummaryId)!;
    expect(
      within(summary).getByRole('link', { name: 'Must be 100 characters or fewer' }).getAttribute('href'),
    ).toBe('#book-lockingNutKey');
    expect(
      within(screen.getByRole('group', { name: /locking wheel nuts/ })).getByRole('radio', { name: 'Yes' }),
    ).toHaveProperty('checked', true);
  });

  it('checks the fields before sending: messages at the fields, the summary focused, nothing sent', async () => {
    const { posts, user } = await renderStep(step());
    await user.type(screen.getByLabelText(/^Vehicle registration/), '12');
    await user.click(screen.getByRole('button', { name: 'Confirm booking' }));
    expect(document.activeElement?.id).toBe(errorSummaryId);
    const registration = screen.getByLabelText(/^Vehicle registration/);
    expect(registration.getAttribute('aria-invalid')).toBe('true');
    expect(registration.getAttribute('aria-describedby')).toBe(
      'book-registration-hint book-registration-error',
    );
    expect(document.getElementById('book-registration-error')?.textContent).toBe(registrationMessage);
    expect(document.getElementById('book-name-error')?.textContent).toBe('Name is required');
    expect(posts).toEqual([]);

    // A corrected field loses its message at once.
    await user.type(screen.getByLabelText(/^Name/), 'Sarah Mitchell');
    expect(document.getElementById('book-name-error')).toBeNull();
  });

  it("shows the server's messages at their fields with the values sent", async () => {
    await renderStep(
      step({
        values: { name: 'Sarah Mitchell', email: 'nope', remindersConsent: 'on' },
        errors: { email: 'Valid email is required' },
      }),
    );
    expect((screen.getByLabelText(/^Name/) as HTMLInputElement).value).toBe('Sarah Mitchell');
    const email = screen.getByLabelText(/^Email/) as HTMLInputElement;
    expect(email.value).toBe('nope');
    expect(email.getAttribute('aria-describedby')).toBe('book-email-error');
    expect(document.getElementById('book-email-error')?.textContent).toBe('Valid email is required');
    expect((screen.getByLabelText(remindersConsentWording) as HTMLInputElement).checked).toBe(true);
    expect(document.activeElement?.id).toBe(errorSummaryId);
  });

  it('offers the next free windows when the chosen one went, and books the one picked', async () => {
    const { posts, user } = await renderStep(
      step({
        values: {
          name: 'Sarah Mitchell',
          phone: '07700 900123',
          email: 'sarah@example.com',
          addressLine: '12 High Street',
          town: 'Romford',
        },
        conflict: {
          message: windowGoneMessage,
          nextFree: [
            { date: '2026-11-25', start: '10:00', end: '12:00', placesLeft: 1 },
            { date: '2026-11-26', start: '14:00', end: '16:00', placesLeft: null },
          ],
        },
      }),
    );
    expect(screen.getByRole('alert').textContent).toBe(windowGoneMessage);
    // Focused by an effect, which React may run after the step is on the page.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('alert')));
    const choices = screen.getByRole('group', { name: 'The next free times' });
    expect(
      within(choices)
        .getAllByRole('radio')
        .map((radio) => radio.closest('label')?.textContent),
    ).toEqual([
      'Wednesday 25 November 202610:00am – 12:00pm, 1 place left',
      'Thursday 26 November 20262:00pm – 4:00pm',
    ]);
    expect((screen.getByLabelText(/^Name/) as HTMLInputElement).value).toBe('Sarah Mitchell');

    await user.type(screen.getByLabelText(/^Vehicle registration/), 'AB12CDE');
    await user.type(screen.getByLabelText(/^Vehicle make and model/), 'Ford Focus');
    await user.click(screen.getByRole('button', { name: 'Confirm booking' }));
    expect(document.getElementById('book-slot-error')?.textContent).toBe('Choose one of the times below');
    expect(posts).toEqual([]);

    await user.click(radioNamed(/^Thursday 26 November 2026/));
    await user.click(screen.getByRole('button', { name: 'Confirm booking' }));
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]).toMatchObject({ slot: '2026-11-26 14:00', date: '2026-11-25', start: '08:00' });
  });
});
