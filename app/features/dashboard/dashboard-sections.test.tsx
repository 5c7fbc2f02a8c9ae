// @vitest-environment happy-dom
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { StaffUser } from '#common/auth/auth.ts';
import { everyRequestPending, serveApi, type ApiHandler } from '#tests/support/api-handlers.ts';
import { textReply, textsAnswers } from '#tests/support/texts-data.ts';
import { renderStaffUi } from '#tests/support/staff-ui.tsx';
import '#tests/support/ui-cleanup.ts';
import { DashboardSections, phoneSpan, sectionOf, sectionsFor } from './dashboard-sections.tsx';
import { staffUser } from '#tests/support/staff-data.ts';

// My account is its own piece of work; here it only needs to be told apart.
vi.mock('#app/features/account/account-tab.tsx', () => ({ AccountTab: () => <p>My account panel</p> }));

const owner = staffUser({ role: 'owner' });
const staff = staffUser({ id: 2, username: 'bob', role: 'staff' });
const fitter = staffUser({ id: 3, username: 'dave', role: 'fitter', twoFactor: false });

function renderSections(
  user: StaffUser,
  section: string | undefined,
  search = '',
  handlers: ApiHandler[] = [],
) {
  // The panels' reads stay on their way: what matters here is which panel shows.
  serveApi(...handlers, everyRequestPending());
  const onSectionChange = vi.fn();
  renderStaffUi(<DashboardSections user={user} section={section} onSectionChange={onSectionChange} />, {
    route: `/${search}`,
  });
  return onSectionChange;
}

const tabNames = () =>
  within(screen.getByRole('tablist', { name: 'Dashboard sections' }))
    .getAllByRole('tab')
    .map((tab) => tab.textContent);

describe('DashboardSections', () => {
  it('shows an owner every section, Staff and Activity included', async () => {
    const onSectionChange = renderSections(owner, 'staff');
    expect(tabNames()).toEqual([
      'Enquiries',
      'Bookings',
      'Jobs',
      'Reminders',
      'Tyres',
      'Analytics',
      'Images',
      'Content',
      'Settings',
      'Privacy',
      'Staff',
      'Activity',
      'My account',
    ]);
    screen.getByRole('tab', { name: 'Staff', selected: true });
    screen.getByRole('heading', { name: 'Staff accounts' });

    await userEvent.click(screen.getByRole('tab', { name: 'Activity' }));
    expect(onSectionChange).toHaveBeenCalledWith('activity');
  });

  it('shows staff neither Staff nor Activity, and their addresses open Enquiries', () => {
    renderSections(staff, 'staff');
    expect(tabNames()).toEqual([
      'Enquiries',
      'Bookings',
      'Jobs',
      'Reminders',
      'Tyres',
      'Analytics',
      'Images',
      'Content',
      'Settings',
      'Privacy',
      'My account',
    ]);
    screen.getByRole('tab', { name: 'Enquiries', selected: true });
    expect(screen.queryByRole('heading', { name: 'Staff accounts' })).toBeNull();
    screen.getByRole('heading', { name: 'Customer Enquiries' });
  });

  it('counts the customers’ unread texts on the Enquiries tab', async () => {
    renderSections(staff, 'bookings', '', textsAnswers({ replies: [textReply(), textReply({ id: 40 })] }));
    const enquiries = await screen.findByRole('tab', { name: 'Enquiries 2 unread texts' });
    expect(enquiries.textContent).toBe('Enquiries2 unread texts');
  });

  it('opens the bookings diary for staff and for owners', async () => {
    for (const user of [staff, owner]) {
      const onSectionChange = renderSections(user, 'enquiries');
      await userEvent.click(screen.getByRole('tab', { name: 'Bookings' }));
      expect(onSectionChange).toHaveBeenCalledWith('bookings');
      cleanup();
      renderSections(user, 'Bookings');
      screen.getByRole('tab', { name: 'Bookings', selected: true });
      screen.getByRole('heading', { name: 'Bookings diary' });
      cleanup();
    }
  });

  it('opens Jobs for staff and for owners, and with a vehicle named in the address', async () => {
    for (const user of [staff, owner]) {
      const onSectionChange = renderSections(user, 'enquiries');
      await userEvent.click(screen.getByRole('tab', { name: 'Jobs' }));
      expect(onSectionChange).toHaveBeenCalledWith('jobs');
      cleanup();
      renderSections(user, 'jobs');
      screen.getByRole('tab', { name: 'Jobs', selected: true });
      screen.getByRole('heading', { name: 'Jobs', level: 2 });
      cleanup();
      renderSections(user, undefined, '?vehicle=AB12CDE');
      screen.getByRole('tab', { name: 'Jobs', selected: true });
      screen.getByRole('button', { name: 'Vehicle history', pressed: true });
      cleanup();
    }
  });

  it('opens Reminders for staff and for owners', async () => {
    for (const user of [staff, owner]) {
      const onSectionChange = renderSections(user, 'enquiries');
      await userEvent.click(screen.getByRole('tab', { name: 'Reminders' }));
      expect(onSectionChange).toHaveBeenCalledWith('reminders');
      cleanup();
      renderSections(user, 'reminders');
      screen.getByRole('tab', { name: 'Reminders', selected: true });
      screen.getByRole('heading', { name: 'Reminders', level: 2 });
      cleanup();
    }
  });

  it('shows fitters only My account, with the way to My jobs', () => {
    expect(sectionsFor('fitter').map((section) => section.value)).toEqual(['account']);
    for (const param of [undefined, 'enquiries', 'jobs', 'staff', 'account']) {
      expect(sectionOf(param, 'fitter')).toBe('account');
    }
    expect(sectionOf(undefined, 'fitter', new URLSearchParams('vehicle=AB12CDE'))).toBe('account');
    renderSections(fitter, 'jobs', '?vehicle=AB12CDE');
    screen.getByText('My account panel');
    expect(screen.getByRole('link', { name: 'Open My jobs' }).getAttribute('href')).toBe('/admin/jobs');
    expect(screen.queryByRole('tablist')).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Jobs' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Customer Enquiries' })).toBeNull();
  });

  it('opens My account for everyone', () => {
    renderSections(staff, 'Account');
    screen.getByRole('tab', { name: 'My account', selected: true });
    screen.getByText('My account panel');
  });

  it('shows only My account until required two-factor sign-in is set up', () => {
    renderSections(staffUser({ role: 'owner', twoFactor: false, twoFactorSetupRequired: true }), 'staff');
    screen.getByText('My account panel');
    expect(screen.queryByRole('tablist')).toBeNull();
    expect(screen.queryByRole('tabpanel')).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Staff accounts' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Customer Enquiries' })).toBeNull();
  });

  it('fills every row of the phone grid (six columns) for staff (eleven tabs) and owners (thirteen)', () => {
    const rows = (count: number) => {
      const widths = Array.from({ length: count }, (_, index) =>
        Number(phoneSpan(index, count).split('-').at(-1)),
      );
      const filled: number[] = [];
      for (const width of widths) {
        if (filled.length === 0 || filled.at(-1)! + width > 6) filled.push(width);
        else filled[filled.length - 1]! += width;
      }
      return filled;
    };
    expect(sectionsFor('staff')).toHaveLength(11);
    expect(sectionsFor('owner')).toHaveLength(13);
    expect(rows(13)).toEqual([6, 6, 6, 6, 6]);
    expect(rows(9)).toEqual([6, 6, 6]);
    expect(rows(11)).toEqual([6, 6, 6, 6]);
    expect(rows(12)).toEqual([6, 6, 6, 6]);
    expect(rows(8)).toEqual([6, 6, 6]);
    expect(rows(10)).toEqual([6, 6, 6, 6]);
    expect(rows(7)).toEqual([6, 6, 6]);
    expect(phoneSpan(8, 9)).toBe('col-span-2');
    expect(phoneSpan(9, 11)).toBe('col-span-3');
    expect(phoneSpan(10, 11)).toBe('col-span-3');
    expect(phoneSpan(9, 10)).toBe('col-span-6');
  });
});
