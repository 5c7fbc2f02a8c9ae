// What the rest of the app may use of this feature.
export { SizeLinks } from './size-links.tsx';
export { TyreFinder } from './size-finder/index.ts';
export { TyreSizeView } from './tyre-size-view.tsx';
export { tyreChoicesOf, tyreSearchFor } from './tyre-query.ts';
export { tyreListJsonLd, tyreServiceSlug } from './tyre-seo.ts';
// A tyre's own page: tyre-page/index.ts, so that the size pages' script does not carry it.
