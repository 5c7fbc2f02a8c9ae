// What the rest of the app may use of this feature.
export { type LegalDocument } from './page-types.ts';
