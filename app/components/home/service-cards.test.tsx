import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { parseServiceList, services } from '#common/services.ts';
import { noServicesText, ServiceCards } from './service-cards.tsx';

/** Cards hold router links, so they render inside a router as on the site. */
function render(node: ReactNode) {
  return renderToStaticMarkup(<MemoryRouter>{node}</MemoryRouter>);
}

describe('ServiceCards', () => {
  it('shows a card with title, description and link for each service', () => {
    const html = render(<ServiceCards services={services} />);
    for (const service of services) {
      expect(html).toContain(`<h3 class="text-xl font-bold text-ink">${service.title}</h3>`);
      expect(html).toContain(`href="/services/${service.slug}"`);
    }
    expect(html).not.toContain(noServicesText);
  });

  it("says 'No services available at the moment' for an empty or non-list answer", () => {
    expect(noServicesText).toBe('No services available at the moment');
    expect(render(<ServiceCards services={[]} />)).toContain(noServicesText);
    expect(render(<ServiceCards services={parseServiceList({ error: 'x' })} />)).toContain(noServicesText);
  });
});
