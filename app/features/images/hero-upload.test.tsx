import { QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { fallbackImage, type StoredImage } from '#common/images/images.ts';
import { createQueryClient } from '#app/lib/query-client.ts';
import { HeroUpload, heroRecommendation } from './hero-upload.tsx';
import { imagesQueryKey } from './site-images.ts';

function heroRecord(overrides: Partial<StoredImage> = {}): StoredImage {
  return {
    id: 2,
    name: 'hero-background',
    altText: 'Our van on the A127 at sunrise',
    section: 'hero',
    url: '/media/beef-1600.webp',
    srcSet: '/media/beef-800.webp 800w, /media/beef-1600.webp 1600w',
    width: 1600,
    height: 800,
    createdAt: '2026-07-01T08:00:00.000Z',
    updatedAt: '2026-07-01T08:00:00.000Z',
    ...overrides,
  };
}

/** The form as the server renders it, with the list already fetched or (undefined) not yet. */
function renderWith(list: StoredImage[] | undefined) {
  const queryClient = createQueryClient();
  if (list) queryClient.setQueryData(imagesQueryKey, list);
  return renderToStaticMarkup(
    <MemoryRouter>
      <QueryClientProvider client={queryClient}>
        <HeroUpload />
      </QueryClientProvider>
    </MemoryRouter>,
  );
}

describe('HeroUpload', () => {
  it('recommends at least 1600x800 pixels', () => {
    expect(heroRecommendation).toBe('For best results, use an image of at least 1600x800 pixels.');
  });

  it('shows the shipped background until one is uploaded', () => {
    const html = renderWith([heroRecord({ id: 5, name: 'about-image' })]);
    expect(html).toContain(`src="${fallbackImage('hero-background').src}"`);
    expect(html).toContain('>Shipped picture</span>');
    expect(html).toContain('alt="A mobile tyre fitting van parked beside a car at dusk"');
  });

  it('shows the uploaded background', () => {
    const html = renderWith([heroRecord()]);
    expect(html).toContain('src="/media/beef-1600.webp"');
    expect(html).toContain('srcSet="/media/beef-800.webp 800w, /media/beef-1600.webp 1600w"');
    expect(html).toContain('alt="Our van on the A127 at sunrise"');
    expect(html).toContain('>Uploaded picture</span>');
  });

  it('has a labelled image chooser, Update Background (idle until the page is interactive), and links home and to the dashboard', () => {
    const html = renderWith([]);
    expect(html).toMatch(/<label for="([^"]+)"[^>]*>Background image<\/label><input id="\1" type="file"/);
    expect(html).toContain('accept="image/jpeg,image/png,image/webp,image/avif,image/gif"');
    expect(html).toMatch(/<button type="submit" disabled=""[^>]*>Update Background<\/button>/);
    expect(html).toMatch(/<a [^>]*href="\/"[^>]*>Back to Home<\/a>/);
    expect(html).toMatch(
      /<a [^>]*href="\/admin\/dashboard\/images"[^>]*>dashboard&#x27;s Images section<\/a>/,
    );
    expect(html).not.toContain('aria-disabled="true"');
  });

  it('says the current background is loading until the list arrives', () => {
    expect(renderWith(undefined)).toContain('Loading the current background...');
  });
});
