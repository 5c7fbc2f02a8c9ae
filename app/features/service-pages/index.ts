// What the rest of the app may use of this feature.
export { ServiceDetailView } from './service-detail.tsx';
export { ServiceTeaserCard } from './service-teaser-card.tsx';
