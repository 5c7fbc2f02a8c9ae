import type { MetaDescriptor } from 'react-router';
import type { SiteContent } from '#common/site-content/site-content.ts';
import type { TyreOffer } from '#common/tyres/catalogue.ts';
import { loadIndexText, parseTyreSize, sizeLabel } from '#common/tyres/size.ts';
import { poundsText } from '#common/util/money.ts';

/** The service "Book fitting" books: tyre replacement, else the first service shown. */
export function tyreServiceSlug(content: Pick<SiteContent, 'services'>): string {
  const visible = content.services.filter((service) => service.visible);
  return (visible.find((service) => service.key === 'tyre-replacement') ?? visible[0])?.slug ?? '';
}

const availabilityUrl = (offer: TyreOffer) =>
  offer.availability === 'in-stock'
    ? 'https://schema.org/InStock'
    : offer.availability === 'supplier'
      ? 'https://schema.org/BackOrder'
      : 'https://schema.org/OutOfStock';

/** A tyre as a product's name: "Michelin Primacy 4+ 205/55 R16 94V". */
function productName(offer: TyreOffer): string {
  const size = parseTyreSize(offer.size);
  return `${offer.brand} ${offer.pattern} ${size ? sizeLabel(size) : offer.size} ${loadIndexText(offer)}${offer.speedRating}`;
}

/** A tyre's offer, on the page at `pageUrl`: one tyre fully fitted, VAT included, and whether it is in stock. */
const offerJsonLd = (offer: TyreOffer, pageUrl: string, seller: string) => ({
  '@type': 'Offer',
  price: poundsText(offer.price),
  priceCurrency: 'GBP',
  availability: availabilityUrl(offer),
  url: pageUrl,
  seller: { '@type': 'Organization', name: seller },
});

/**
 * Structured data of a tyre's own page: the tyre as a product (its EAN as its GTIN-13, else our
 * id as its SKU) with its offer, the price of one tyre fully fitted, VAT included.
 */
export function tyreJsonLd(
  offer: TyreOffer,
  ean: string | null,
  pageUrl: string,
  seller: string,
): MetaDescriptor {
  return {
    'script:ld+json': {
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: productName(offer),
      brand: { '@type': 'Brand', name: offer.brand },
      category: 'Tyres',
      ...(ean && /^\d{13}$/.test(ean) ? { gtin13: ean } : { sku: `tyre-${offer.id}` }),
      url: pageUrl,
      offers: offerJsonLd(offer, pageUrl, seller),
    },
  };
}

/**
 * Structured data of a size page: its tyres as a list of products, each with its offer (the
 * price of one tyre fully fitted, VAT included, and whether it is in stock).
 */
export function tyreListJsonLd(
  offers: readonly TyreOffer[],
  pageUrl: string,
  seller: string,
): MetaDescriptor {
  return {
    'script:ld+json': {
      '@context': 'https://schema.org',
      '@type': 'ItemList',
      url: pageUrl,
      numberOfItems: offers.length,
      itemListElement: offers.map((offer, index) => ({
        '@type': 'ListItem',
        position: index + 1,
        item: {
          '@type': 'Product',
          name: productName(offer),
          brand: { '@type': 'Brand', name: offer.brand },
          category: 'Tyres',
          offers: offerJsonLd(offer, pageUrl, seller),
        },
      })),
    },
  };
}
