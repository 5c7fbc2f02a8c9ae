import { blueFord } from '#tests/support/vehicle-data-fixtures.ts';
import { depositWords } from '#common/payments/payments.ts';
// @vitest-environment happy-dom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { answer, serveApi } from '#tests/support/api-handlers.ts';
import { windowGoneMessage } from '#common/bookings/booking.ts';
import { registrationMessage } from '#common/vehicles/registration.ts';
import { remindersConsentWording } from '#common/reminders/consent.ts';
import { bookingPaymentText } from '#common/bookings/words.ts';
import { contactByMessage, contactByMobileMessage, contactByQuestion } from '#common/messages/contact.ts';
import { markHydrated } from '#app/lib/hydration.ts';
import { errorSummaryId } from './booking-error-summary.tsx';
import { testChoices, testTyre } from './booking-test-data.ts';
import { renderStep, radioNamed } from './booking-test-render.tsx';
import { DetailsStep, type DetailsStepProps } from './details-step.tsx';

// The step renders in a page that is already running, as after the first steps in the browser.
beforeAll(markHydrated);
afterEach(cleanup);

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

  it('asks how to keep the customer posted only while texts are set up', async () => {
    await renderStep(step());
    expect(screen.queryByRole('group', { name: contactByQuestion })).toBeNull();
    expect(screen.queryByRole('radio', { name: 'Text message' })).toBeNull();
  });

  it('answers text message for a UK mobile until the customer chooses, and posts the answer', async () => {
    const { posts, user } = await renderStep(step({ texts: true }));
    const question = screen.getByRole('group', { name: contactByQuestion });
    expect(
      within(question)
        .getAllByRole('radio')
        .map((radio) => radio.closest('label')?.textContent),
    ).toEqual(['E-mail', 'Text message', 'Both']);
    expect(radioNamed('E-mail').checked).toBe(true);
    await fillIn(user);
    expect(radioNamed('Text message').checked).toBe(true);
    await user.click(
      within(screen.getByRole('group', { name: /locking wheel nuts/ })).getByRole('radio', { name: 'No' }),
    );
    await user.click(screen.getByRole('button', { name: 'Confirm booking' }));
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]).toMatchObject({ phone: '07700 900123', contactBy: 'text' });
  });

  it("keeps the customer's choice whatever the number, and says when a number cannot take texts", async () => {
    const { posts, user } = await renderStep(step({ texts: true }));
    await user.click(radioNamed('Both'));
    await fillIn(user);
    expect(radioNamed('Both').checked).toBe(true);
    await user.clear(screen.getByLabelText(/^Phone/));
    await user.type(screen.getByLabelText(/^Phone/), '01708 123456');
    expect(radioNamed('Both').checked).toBe(true);
    screen.getByText(contactByMobileMessage);
    await user.click(radioNamed('E-mail'));
    expect(screen.queryByText(contactByMobileMessage)).toBeNull();
    await user.click(
      within(screen.getByRole('group', { name: /locking wheel nuts/ })).getByRole('radio', { name: 'No' }),
    );
    await user.click(screen.getByRole('button', { name: 'Confirm booking' }));
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]).toMatchObject({ phone: '01708 123456', contactBy: 'email' });
  });

  it('shows the answer of a post that came back, and its message', async () => {
    await renderStep(
      step({
        texts: true,
        values: { phone: '07700 900123', contactBy: 'email' },
        errors: { contactBy: contactByMessage },
      }),
    );
    expect(radioNamed('E-mail').checked).toBe(true);
    expect(
      within(screen.getByRole('group', { name: contactByQuestion })).getByRole('alert').textContent,
    ).toBe(contactByMessage);
  });

  it('names the tyres once, in the summary, without their first fitting day once a day is chosen', async () => {
    await renderStep(step({ tyre: testTyre, choices: { ...choices, tyre: '12', quantity: '2' } }));
    expect(screen.getAllByText(testTyre.what)).toHaveLength(1);
    const summary = screen.getByRole('region', { name: 'Your booking' });
    within(summary).getByText(testTyre.what);
    within(summary).getByText('£149.98 in all (£74.99 each), fully fitted, VAT included');
    expect(document.body.textContent).not.toMatch(/fitted from/i);
    expect(screen.queryByRole('region', { name: 'Your tyres' })).toBeNull();
    // The notes ask no tyre size of a customer who has chosen their tyres.
    expect(screen.getByLabelText('Notes (optional)').getAttribute('aria-describedby')).toBeTruthy();
    expect(document.body.textContent).not.toContain('Tyre size, where the vehicle will be parked');
    expect(document.body.textContent).toContain('Where the vehicle will be parked, anything we should know.');
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

  it('tells of the deposit before booking: how much, the hold, the refund rule, Stripe', async () => {
    await renderStep(
      step({
        deposit: {
          due: `${depositWords.dueNotice('£30.00 (20% of £150.00)', 30)} ${depositWords.payAfterBooking}`,
          more: [depositWords.refundRule(24), depositWords.balanceOnTheDay],
          handledBy: depositWords.handledBy,
        },
      }),
    );
    const text = document.getElementById('book-deposit')?.textContent ?? '';
    expect(text).toContain(
      "A deposit of £30.00 (20% of £150.00) secures this booking. Pay it within 30 minutes by card on Stripe's secure page, or the time and any tyres held for you are released.",
    );
    expect(text).toContain('Once you confirm the booking, the next page has the link to pay.');
    expect(text).toContain(
      'Cancel more than 24 hours before your booking and the deposit is refunded to your card.',
    );
    expect(text).toContain('The rest is paid when the work is done');
    expect(text).toContain('Card payments are handled by Stripe. We never see or keep your card number.');
    expect(screen.queryByText(bookingPaymentText)).toBeNull();
  });

  it('without a deposit says nothing of paying online', async () => {
    await renderStep(step());
    screen.getByText(bookingPaymentText);
    expect(document.body.textContent).not.toMatch(/deposit|Stripe/i);
  });

  it('fills the make from the registration as it is typed, asks for the model, and leaves what the customer typed alone', async () => {
    const api = serveApi(
      answer('GET /api/vehicles/lookup', ({ query }) =>
        query.get('registration') === 'AB12 CDE'
          ? {
              status: 200,
              body: blueFord,
            }
          : { status: 503, body: { error: 'We cannot look vehicles up just now' } },
      ),
    );
    const { user } = await renderStep(step());
    const registration = screen.getByLabelText(/^Vehicle registration/);
    const vehicle = screen.getByLabelText(/^Vehicle make and model/) as HTMLInputElement;
    await user.type(registration, 'AB12 CDE');
    await screen.findByText('Blue Ford, 2019, petrol: add the model', undefined, { timeout: 2000 });
    expect(vehicle.value).toBe('Ford');
    // Only the registration as typed once it is one; the customer corrects what was filled.
    expect(api.requests()).toEqual(['GET /api/vehicles/lookup?registration=AB12%20CDE']);
    await user.type(vehicle, ' Focus');
    await user.clear(registration);
    await user.type(registration, 'XY99 ZZZ');
    await new Promise((resolve) => setTimeout(resolve, 800));
    expect(vehicle.value).toBe('Ford Focus');
    expect(api.requests()).toHaveLength(1);

    // A look-up that fails fills nothing, and what an earlier registration filled goes.
    await user.clear(vehicle);
    await user.clear(registration);
    await user.type(registration, 'AB12 CDE');
    await waitFor(() => expect(vehicle.value).toBe('Ford'), { timeout: 2000 });
    await user.clear(registration);
    await user.type(registration, 'XY99 ZZZ');
    await waitFor(() => expect(api.requests()).toHaveLength(3), { timeout: 2000 });
    await waitFor(() => expect(vehicle.value).toBe(''));
    expect(screen.queryByText(/add the model$/)).toBeNull();
  });
});
