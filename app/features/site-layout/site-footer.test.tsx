// @vitest-environment happy-dom
import { cleanup, render, screen, within } from '@testing-library/react';
import { createRoutesStub, Outlet } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { defaultSiteSettings, type SiteSettings } from '#common/site-content/site-settings.ts';
import { SiteFooter } from './site-footer.tsx';

afterEach(cleanup);

/** The footer under a root route whose loader gives `site`, as the site's root loader does. */
async function renderFooter(site: SiteSettings) {
  const Stub = createRoutesStub([
    {
      id: 'root',
      path: '/',
      loader: () => ({ site }),
      Component: Outlet,
      children: [{ index: true, Component: () => <SiteFooter services={[]} socialLinks={[]} /> }],
    },
  ]);
  render(<Stub initialEntries={['/']} />);
  // The stub's loader runs first: on a busy machine that takes longer than the default second.
  return screen.findByRole('contentinfo', {}, { timeout: 10_000 });
}

describe('SiteFooter', () => {
  it('shows the published company name as its brand, in words', async () => {
    const footer = await renderFooter({ ...defaultSiteSettings, companyName: 'Kerbside Test Tyres' });
    expect(within(footer).getByText('Kerbside Test Tyres', { exact: true })).toBeInstanceOf(HTMLElement);
    // No picture of a name, which could not follow a change of the published one.
    expect(footer.querySelector('img[src^="/brand/logo"]')).toBeNull();
  });

  it('shows the full name of a new site', async () => {
    const footer = await renderFooter(defaultSiteSettings);
    expect(within(footer).getByText('Anytown Mobile Tyres', { exact: true }).textContent).toBe(
      'Anytown Mobile Tyres',
    );
  });
});
