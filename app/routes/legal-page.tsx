import { ContentBlocks, ContentSections } from '#app/components/ui/content-blocks.tsx';
import { PageHeader } from '#app/components/ui/page-header.tsx';
import { cookiePolicy } from '#app/features/legal/cookie-policy.ts';
import { privacyPolicy } from '#app/features/legal/privacy-policy.ts';
import { termsOfService } from '#app/features/legal/terms-of-service.ts';
import { hoursText } from '#app/features/site-content/page-content.server.ts';
import { pageMeta } from '#app/lib/seo.ts';
import { fillTokensIn } from '#common/site-content/tokens.ts';
import type { Route } from './+types/legal-page';

const documents = {
  '/privacy-policy': privacyPolicy,
  '/terms-of-service': termsOfService,
  '/cookie-policy': cookiePolicy,
};

/**
 * The three legal pages (privacy, terms, cookies): static text, chosen by the address, with the contact
 * details and hours of the published content.
 */
export function loader({ request, context }: Route.LoaderArgs) {
  const path = new URL(request.url).pathname.toLowerCase().replace(/\/+$/, '') as keyof typeof documents;
  // The business facts of the published content, and how long enquiries are kept (the server's
  // setting ENQUIRY_RETENTION_MONTHS).
  const document = fillTokensIn(documents[path], {
    ...context.facts,
    enquiryRetentionMonths: context.enquiryRetentionMonths,
  });
  return { path, document, hours: hoursText(context.content, context.site) };
}

export const meta: Route.MetaFunction = ({ data: loaded, matches }) =>
  pageMeta(matches, {
    path: loaded.path,
    title: loaded.document.title,
    description: loaded.document.description,
  });

export default function LegalPage({ loaderData: { document, hours } }: Route.ComponentProps) {
  return (
    <main>
      <PageHeader title={document.title}>
        <p className="text-base">Last updated {document.lastUpdated}</p>
      </PageHeader>
      <article className="prose-page">
        <ContentBlocks blocks={document.intro} hours={hours} />
        <ContentSections sections={document.sections} hours={hours} />
      </article>
    </main>
  );
}
