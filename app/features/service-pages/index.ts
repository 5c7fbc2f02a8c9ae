// What the rest of the app may use of this feature.
export { ServiceTeaserCard } from './service-teaser-card.tsx';
