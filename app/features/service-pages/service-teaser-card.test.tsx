import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { fallbackImage } from '#common/images/images.ts';
import { ServiceTeaserCard } from './service-teaser-card.tsx';

const service = {
  slug: 'wheel-balancing',
  title: 'Wheel Balancing',
  description: 'Smooth driving at every speed.',
  picture: 'wheel-balancing',
} as const;
const image = { ...fallbackImage('wheel-balancing'), alt: 'A wheel on a balancing machine' };

const render = (card: React.ReactElement) => renderToStaticMarkup(<MemoryRouter>{card}</MemoryRouter>);

describe('ServiceTeaserCard', () => {
  it('shows the picture with its own text alternative, the title, the description and the link', () => {
    const html = render(<ServiceTeaserCard service={service} image={image} sizes="100vw" />);
    expect(html).toContain(`src="${image.src}"`);
    expect(html).toContain('alt="A wheel on a balancing machine"');
    expect(html).toContain('sizes="100vw"');
    expect(html).toContain('<h3 class="text-xl font-bold text-ink">Wheel Balancing</h3>');
    expect(html).toContain('Smooth driving at every speed.');
    expect(html).toContain('href="/services/wheel-balancing"');
    expect(html).toContain('Learn More <span class="sr-only">about Wheel Balancing</span>');
  });

  it('compact: smaller text, the text alternative given, and no picture when it has none', () => {
    const html = render(<ServiceTeaserCard service={service} image={image} alt="" sizes="100vw" compact />);
    expect(html).toContain('alt=""');
    expect(html).toContain('<h3 class="text-lg font-bold text-ink">Wheel Balancing</h3>');
    expect(html).toContain('<p class="flex-1 text-sm text-slate-600">');
    expect(render(<ServiceTeaserCard service={service} sizes="100vw" compact />)).not.toContain('<img');
  });
});
