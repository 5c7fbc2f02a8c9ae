// What a tyre's own page (/tyres/{size}/{slug}) uses of this feature: a part of its own, so that
// the page loads neither the size finder nor the size pages' filters and cards.
export { TyrePageView } from './tyre-page-view.tsx';
export { tyreJsonLd, tyreServiceSlug } from '#app/features/tyres/tyre-seo.ts';
