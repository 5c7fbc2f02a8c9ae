import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { fallbackImage, imageSlotNames, imageSlots, type StoredImage } from '#common/images/images.ts';
import { ApiError } from '#app/lib/api.ts';
import { createQueryClient } from '#app/lib/query-client.ts';
import { ImagesFailure, ImagesTab } from './images-tab.tsx';
import { imagesQueryKey } from './site-images.ts';

function storedImage(overrides: Partial<StoredImage>): StoredImage {
  return {
    id: 1,
    name: 'tyre-replacement',
    altText: 'Our fitter changing a tyre on a driveway',
    section: 'services',
    url: '/media/f00d-800.webp',
    srcSet: '/media/f00d-400.webp 400w, /media/f00d-800.webp 800w',
    width: 800,
    height: 600,
    createdAt: '2026-07-01T08:00:00.000Z',
    updatedAt: '2026-07-01T08:00:00.000Z',
    ...overrides,
  };
}

function render(queryClient: QueryClient) {
  return renderToStaticMarkup(
    <QueryClientProvider client={queryClient}>
      <ImagesTab />
    </QueryClientProvider>,
  );
}

/** The tab as it renders once the list has arrived. */
function renderWith(list: StoredImage[]) {
  const queryClient = createQueryClient();
  queryClient.setQueryData(imagesQueryKey, list);
  return render(queryClient);
}

/** The cards, in page order, by the name each one is for. */
function cardsOf(html: string): Map<string, string> {
  const cards = html.split('<article').slice(1);
  return new Map(cards.map((card) => [/data-image-name="([^"]+)"/.exec(card)?.[1] ?? '', card]));
}

const escaped = (text: string) => text.replaceAll("'", '&#x27;');

describe('ImagesTab', () => {
  it('shows every named slot in order with its shipped picture, default alt text and Upload', () => {
    const html = renderWith([]);
    const cards = cardsOf(html);
    expect([...cards.keys()]).toEqual([...imageSlotNames]);
    for (const name of imageSlotNames) {
      const card = cards.get(name)!;
      const slot = imageSlots[name];
      expect(card).toContain(`>${slot.label}</h3>`);
      expect(card).toContain(`Section: ${slot.section}`);
      expect(card).toContain(`src="${fallbackImage(name).src}"`);
      expect(card).toContain('>Shipped picture</span>');
      expect(card).toMatch(new RegExp(`<input[^>]*type="text"[^>]*value="${escaped(slot.defaultAlt)}"`));
      expect(card).toContain('>Upload</button>');
      expect(card).not.toContain('>Replace</button>');
      expect(card).not.toContain('>Delete</button>');
    }
    expect(html).not.toContain('Other images');
  });

  it('shows an uploaded picture with its renditions, its alt text, Replace, Save alt text and Delete', () => {
    const html = renderWith([storedImage({ id: 9 })]);
    const card = cardsOf(html).get('tyre-replacement')!;
    expect(card).toContain('src="/media/f00d-800.webp"');
    expect(card).toContain('srcSet="/media/f00d-400.webp 400w, /media/f00d-800.webp 800w"');
    expect(card).toContain('sizes="(min-width: 1024px) 360px, (min-width: 640px) 50vw, 100vw"');
    expect(card).toContain('>Uploaded picture</span>');
    expect(card).toContain('value="Our fitter changing a tyre on a driveway"');
    for (const button of ['Replace', 'Save alt text', 'Delete'])
      expect(card).toContain(`>${button}</button>`);
    expect(card).not.toContain('>Upload</button>');
    // The other slots still show what was shipped.
    expect(cardsOf(html).get('puncture-repair')).toContain('>Shipped picture</span>');
  });

  it('labels every control of a card', () => {
    const card = cardsOf(renderWith([storedImage({})])).get('tyre-replacement')!;
    const controlIds = [...card.matchAll(/<input[^>]*\sid="([^"]+)"/g)].map((match) => match[1]);
    expect(controlIds).toHaveLength(2);
    for (const id of controlIds) expect(card).toContain(`for="${id}"`);
    expect(card).toContain('>Alt text</label>');
    expect(card).toContain('>Image file</label>');
    expect(card).toContain('accept="image/jpeg,image/png,image/webp,image/avif,image/gif"');
  });

  it("lists records that fill no slot under 'Other images', after the slots", () => {
    const html = renderWith([
      storedImage({ id: 4, name: 'winter-offer', altText: '', section: null, url: null, srcSet: '' }),
      storedImage({ id: 3, name: 'summer-offer', altText: 'Sunny van', section: 'offers' }),
    ]);
    const otherHeading = html.indexOf('>Other images</h2>');
    expect(otherHeading).toBeGreaterThan(html.lastIndexOf('data-image-name="about-image"'));
    const names = [...cardsOf(html).keys()];
    expect(names.slice(imageSlotNames.length)).toEqual(['summer-offer', 'winter-offer']);
    const summer = cardsOf(html).get('summer-offer')!;
    expect(summer).toContain('>summer-offer</h3>');
    expect(summer).toContain('Section: offers');
    expect(summer).toContain('>Delete</button>');
    const winter = cardsOf(html).get('winter-offer')!;
    expect(winter).toContain('No picture yet');
    expect(winter).not.toContain('Shipped picture');
    expect(winter).toContain('Section: none');
  });

  it("shows 'Loading images...' until the list arrives", () => {
    expect(render(createQueryClient())).toContain('Loading images...');
  });

  it("shows 'Failed to fetch images' with the reason and 'Try again' when the list cannot be read", () => {
    const queryClient = createQueryClient();
    // As the browser left it after a failed fetch (no retry on mount, so the render keeps the error).
    queryClient.setQueryDefaults(imagesQueryKey, { retryOnMount: false });
    queryClient
      .getQueryCache()
      .build(queryClient, { queryKey: imagesQueryKey })
      .setState({
        status: 'error',
        error: new ApiError(500, 'The database is not answering.', undefined, ''),
      });
    const html = render(queryClient);
    expect(html).toContain('role="alert"');
    expect(html).toContain('Failed to fetch images');
    expect(html).toContain('The database is not answering.');
    expect(html).toContain('>Try again</button>');
  });
});

describe('ImagesFailure', () => {
  it('gives the status and body when the API sent no sentence', () => {
    const html = renderToStaticMarkup(
      <ImagesFailure error={new ApiError(502, undefined, undefined, 'Bad Gateway')} onRetry={() => {}} />,
    );
    expect(html).toContain('502: Bad Gateway');
  });
});
