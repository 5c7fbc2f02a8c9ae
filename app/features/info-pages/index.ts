// What the rest of the app may use of this feature.
export { ContentBlocks, ContentSections } from './content-blocks.tsx';
export { PageHeader } from './page-header.tsx';
export { type LegalDocument } from './page-types.ts';
export { aboutPage, contactPage, motPage, servicingPage } from './pages.ts';
