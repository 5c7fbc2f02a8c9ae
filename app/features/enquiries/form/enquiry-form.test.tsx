// @vitest-environment happy-dom
import { blueFord } from '#tests/support/vehicle-data-fixtures.ts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { contactByQuestion } from '#common/messages/contact.ts';
import { answer, serveApi } from '#tests/support/api-handlers.ts';
import { renderStaffUi } from '#tests/support/staff-ui.tsx';
import { EnquiryForm } from './enquiry-form.tsx';

const radio = (name: string) => screen.getByRole('radio', { name }) as HTMLInputElement;

async function fillIn(user: ReturnType<typeof userEvent.setup>, phone: string) {
  await user.type(screen.getByLabelText(/^Name/), 'Sarah Mitchell');
  await user.type(screen.getByLabelText(/^Phone/), phone);
  await user.type(screen.getByLabelText(/^Email/), 'sarah@example.com');
  await user.selectOptions(screen.getByLabelText(/^Service/), 'puncture-repair');
}

describe('the enquiry form’s question of e-mail or texts', () => {
  it('is not asked while texts are not set up, and the enquiry says nothing of it', async () => {
    const { calls } = serveApi(
      answer('POST /api/enquiries', { status: 201, body: { id: 1, reference: 'ENQ-2612-0001' } }),
    );
    const user = userEvent.setup({ delay: null });
    renderStaffUi(<EnquiryForm />);
    expect(screen.queryByRole('group', { name: contactByQuestion })).toBeNull();
    await fillIn(user, '07700 900123');
    await user.click(screen.getByRole('button', { name: 'Submit Enquiry' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]!.body).not.toHaveProperty('contactBy');
  });

  it('answers text message for a UK mobile until the customer chooses, and sends the answer', async () => {
    const { calls } = serveApi(
      answer('POST /api/enquiries', { status: 201, body: { id: 1, reference: 'ENQ-2612-0001' } }),
    );
    const user = userEvent.setup({ delay: null });
    renderStaffUi(<EnquiryForm texts />);
    const question = screen.getByRole('group', { name: contactByQuestion });
    expect(within(question).getAllByRole('radio')).toHaveLength(3);
    expect(radio('E-mail').checked).toBe(true);
    await fillIn(user, '+44 7700 900123');
    expect(radio('Text message').checked).toBe(true);
    await user.click(radio('Both'));
    await user.click(screen.getByRole('button', { name: 'Submit Enquiry' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]!.body).toMatchObject({ phone: '+44 7700 900123', contactBy: 'both' });
    // Emptied for the next enquiry, the question too.
    await waitFor(() => expect(radio('E-mail').checked).toBe(true));
  });

  it('shows the answer of a plain form post that came back', () => {
    renderStaffUi(<EnquiryForm texts initialValues={{ phone: '07700 900123', contactBy: 'email' }} />);
    expect(radio('E-mail').checked).toBe(true);
    expect(radio('E-mail').name).toBe('contactBy');
  });
});

describe('the enquiry form’s vehicle', () => {
  it('fills the make from the registration as it is typed, and sends both with what the customer added', async () => {
    const { calls } = serveApi(
      answer('GET /api/vehicles/lookup', {
        status: 200,
        body: blueFord,
      }),
      answer('POST /api/enquiries', { status: 201, body: { id: 1, reference: 'ENQ-2612-0001' } }),
    );
    const user = userEvent.setup({ delay: null });
    renderStaffUi(<EnquiryForm />);
    await fillIn(user, '07700 900123');
    await user.type(screen.getByLabelText(/^Vehicle registration/), 'ab12 cde');
    await screen.findByText('Blue Ford, 2019, petrol: add the model', undefined, { timeout: 2000 });
    const vehicle = screen.getByLabelText(/^Vehicle Make & Model/) as HTMLInputElement;
    expect(vehicle.value).toBe('Ford');
    await user.type(vehicle, ' Focus');
    await user.click(screen.getByRole('button', { name: 'Submit Enquiry' }));
    await waitFor(() => expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1));
    expect(calls.find((call) => call.method === 'POST')!.body).toMatchObject({
      registration: 'AB12CDE',
      vehicle: 'Ford Focus',
    });
  });

  it('refuses a registration that is not one, at its field', async () => {
    serveApi();
    const user = userEvent.setup({ delay: null });
    renderStaffUi(<EnquiryForm />);
    await fillIn(user, '07700 900123');
    await user.type(screen.getByLabelText(/^Vehicle registration/), 'not a reg');
    await user.click(screen.getByRole('button', { name: 'Submit Enquiry' }));
    expect(await screen.findByText('Enter the vehicle’s registration, for example AB12 CDE')).toBeTruthy();
  });
});
