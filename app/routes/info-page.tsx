import { buttonClass } from '#app/components/ui/button.tsx';
import { ContentSections } from '#app/components/ui/content-blocks.tsx';
import { PageHeader } from '#app/components/ui/page-header.tsx';
import { aboutPage, contactPage, motPage, servicingPage } from '#app/features/info-pages/pages.ts';
import { hoursText } from '#app/features/site-content/page-content.server.ts';
import { pageMeta } from '#app/lib/seo.ts';
import { useSiteSettings } from '#app/features/site-content/site-settings.ts';
import { contentFacts, fillFactsIn } from '#common/site-content/facts.ts';
import { fillTokens } from '#common/site-content/tokens.ts';
import type { Route } from './+types/info-page';

const pages = { '/mot': motPage, '/servicing': servicingPage, '/about': aboutPage, '/contact': contactPage };

/**
 * /mot, /servicing, /about and /contact: the page is chosen by the address; opening hours and the
 * facts its texts name come from the published content.
 */
export function loader({ request, context }: Route.LoaderArgs) {
  const path = new URL(request.url).pathname.toLowerCase().replace(/\/+$/, '') as keyof typeof pages;
  // The business facts ({radiusMiles}, {branchesAnd}, ...) from the published content.
  const page = fillFactsIn(pages[path], contentFacts(context.content));
  return { path, page, hours: hoursText(context.content, context.site) };
}

export const meta: Route.MetaFunction = ({ data: loaded, matches }) =>
  pageMeta(matches, {
    path: loaded.path,
    title: loaded.page.metaTitle,
    description: loaded.page.description,
    keywords: loaded.page.keywords,
  });

export default function InfoPageRoute({ loaderData: { page, hours } }: Route.ComponentProps) {
  const site = useSiteSettings();
  return (
    <main>
      <PageHeader title={fillTokens(page.title, site)}>{fillTokens(page.lead, site)}</PageHeader>
      <div className="prose-page">
        <ContentSections sections={page.sections} hours={hours} />
        <section>
          <h2>Frequently asked questions</h2>
          <dl className="space-y-5">
            {page.faqs.map((faq) => (
              <div key={faq.question}>
                <dt className="font-semibold text-ink">{fillTokens(faq.question, site)}</dt>
                <dd className="mt-1 leading-relaxed">{fillTokens(faq.answer, site)}</dd>
              </div>
            ))}
          </dl>
        </section>
        <p className="mt-12 flex flex-wrap gap-3">
          <a href="/#contact" className={buttonClass('primary', 'large', 'no-underline')}>
            Send an Enquiry
          </a>
          <a
            href={`tel:${site.phone}`}
            className="rounded-lg border border-ink px-6 py-3 font-semibold text-ink no-underline hover:bg-slate-100"
          >
            Call {site.formattedPhone}
          </a>
        </p>
      </div>
    </main>
  );
}
