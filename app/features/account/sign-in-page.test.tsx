// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { everyRequestPending, serveApi } from '#tests/support/api-handlers.ts';
import { renderStaffUi } from '#tests/support/staff-ui.tsx';
import { SignInPage } from './sign-in-page.tsx';

describe('the sign-in page', () => {
  it('is titled for everyone who signs in there, fitters as well as the office', () => {
    serveApi(everyRequestPending());
    renderStaffUi(<SignInPage />);
    screen.getByRole('heading', { level: 1, name: 'Sign in' });
    screen.getByRole('form', { name: 'Sign in' });
    screen.getByText(
      'For the business’s team: owners and the office go on to the dashboard, fitters to their jobs.',
    );
    expect(document.body.textContent).not.toMatch(/Admin|Staff login/i);
    expect(screen.getByRole('link', { name: 'Back to the website' }).getAttribute('href')).toBe('/');
  });
});
