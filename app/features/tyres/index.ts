// What the rest of the app may use of this feature.
export { SizeLinks, TyreFinder } from './tyre-finder.tsx';
export { TyreSizeView } from './tyre-size-view.tsx';
export { tyreChoicesOf, tyreSearchFor } from './tyre-query.ts';
export { tyreListJsonLd, tyreServiceSlug } from './tyre-seo.ts';
// A tyre's own page: tyre-page/index.ts, so that the size pages' script does not carry it.
