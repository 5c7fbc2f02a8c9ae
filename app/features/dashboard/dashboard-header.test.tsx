// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderStaffUi } from '#tests/support/staff-ui.tsx';
import { staffUser } from '#tests/support/staff-data.ts';
import { DashboardHeader } from './dashboard-header.tsx';

const signedInAs = async () => (await screen.findByText(/^Logged in as/)).textContent;

describe('who is signed in, at the top of the dashboard and of My jobs', () => {
  it('is named by their display name', async () => {
    renderStaffUi(<DashboardHeader user={staffUser({ username: 'dave', displayName: 'Dave Smith' })} />);
    expect(await signedInAs()).toBe('Logged in as Dave Smith');
  });

  it('is named by their username while they have none', async () => {
    renderStaffUi(<DashboardHeader user={staffUser({ username: 'dave', displayName: null })} />);
    expect(await signedInAs()).toBe('Logged in as dave');
  });
});
