// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { Booking } from '#common/bookings/booking.ts';
import { BookingDetails } from './booking-details.tsx';
import { makeBooking } from './booking-test-data.ts';

afterEach(cleanup);

const renderDetails = (booking: Booking) =>
  render(
    <MemoryRouter>
      <BookingDetails booking={booking} />
    </MemoryRouter>,
  );

describe('a booking’s details in the diary', () => {
  it('shows the customer’s answer about locking wheel nuts, with where the key is', () => {
    renderDetails(makeBooking({ lockingNuts: 'yes', lockingNutKey: 'Glovebox' }));
    expect(screen.getByText('Locking wheel nuts:').nextElementSibling?.textContent).toBe(
      'Yes, key: Glovebox',
    );
  });

  it('says nothing of them when the customer was not asked', () => {
    renderDetails(makeBooking({ location: 'harold-hill', addressLine: null, town: null, postcode: null }));
    expect(screen.queryByText(/Locking wheel nuts/)).toBeNull();
  });
});
