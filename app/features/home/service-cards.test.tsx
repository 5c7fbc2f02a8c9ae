import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { fallbackImage } from '#common/images/images.ts';
import type { ServiceTeaser } from '#app/features/site-content/index.ts';
import { noServicesText, ServiceCards } from './service-cards.tsx';

/** Cards hold router links, so they render inside a router as on the site. */
function render(node: ReactNode) {
  return renderToStaticMarkup(<MemoryRouter>{node}</MemoryRouter>);
}

const services: ServiceTeaser[] = [
  {
    slug: 'puncture-repair',
    title: 'Puncture Repair',
    description: 'Safe, legal puncture repairs.',
    picture: 'puncture-repair',
  },
  {
    slug: 'mobile-battery-fitting',
    title: 'Battery Fitting',
    description: 'A new battery where the car is parked.',
    picture: 'tyre-replacement',
  },
];

describe('ServiceCards', () => {
  it('shows a card with title, description, picture and link for each service, in order', () => {
    const html = render(<ServiceCards services={services} />);
    for (const service of services) {
      expect(html).toContain(`<h3 class="text-xl font-bold text-ink">${service.title}</h3>`);
      expect(html).toContain(service.description);
      expect(html).toContain(`href="/services/${service.slug}"`);
      expect(html).toContain(`src="${fallbackImage(service.picture).src}"`);
    }
    expect(html.indexOf('Puncture Repair')).toBeLessThan(html.indexOf('Battery Fitting'));
    expect(html).not.toContain(noServicesText);
  });

  it("says 'No services available at the moment' when there is none", () => {
    expect(noServicesText).toBe('No services available at the moment');
    expect(render(<ServiceCards services={[]} />)).toContain(noServicesText);
  });
});
