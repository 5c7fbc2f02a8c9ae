import { buttonClass } from '#app/components/ui/button.tsx';
import { ContentSections } from '#app/components/ui/content-blocks.tsx';
import { PageHeader } from '#app/components/ui/page-header.tsx';
import { hoursText } from '#app/features/site-content/page-content.server.ts';
import { pageMeta } from '#app/lib/seo.ts';
import { useSiteSettings } from '#app/features/site-content/site-settings.ts';
import { infoPagePaths, type InfoPageKey } from '#common/site-content/info-pages.ts';
import { isBranchService } from '#common/bookings/branch-services.ts';
import type { Route } from './+types/info-page';

const pageKeys = Object.fromEntries(
  Object.entries(infoPagePaths).map(([key, path]) => [path, key as InfoPageKey]),
);

/**
 * /mot, /servicing, /about and /contact: the page is chosen by the address; its texts, with the
 * facts they name filled in, and the opening hours come from the published content.
 */
export function loader({ request, context }: Route.LoaderArgs) {
  const path = new URL(request.url).pathname.toLowerCase().replace(/\/+$/, '');
  const key = pageKeys[path]!;
  const page = context.content.infoPages[key];
  return { path, page, hours: hoursText(context.content, context.site), book: bookingLink(context, key) };
}

/**
 * The MOT's and servicing's pages lead to booking them online, where a branch takes them;
 * the other pages, and those services when none does, to an enquiry.
 */
function bookingLink(context: Route.LoaderArgs['context'], key: InfoPageKey) {
  if (!isBranchService(key)) return null;
  if (context.bookings.offer.branchServices[key].length === 0) return null;
  return {
    href: `/book?service=${key}`,
    label: key === 'mot' ? 'Book your MOT online' : 'Book a service online',
  };
}

export const meta: Route.MetaFunction = ({ data: loaded, matches }) =>
  pageMeta(matches, {
    path: loaded.path,
    title: loaded.page.metaTitle,
    description: loaded.page.description,
    keywords: loaded.page.keywords,
  });

/** The page's other ways to reach the business, beside its one primary action. */
const secondaryLink =
  'rounded-lg border border-ink px-6 py-3 font-semibold text-ink no-underline hover:bg-slate-100';

export default function InfoPageRoute({ loaderData: { page, hours, book } }: Route.ComponentProps) {
  const site = useSiteSettings();
  return (
    <main>
      <PageHeader title={page.title}>{page.lead}</PageHeader>
      <div className="prose-page">
        <ContentSections sections={page.sections} hours={hours} />
        <section>
          <h2>Frequently asked questions</h2>
          <dl className="space-y-5">
            {page.faqs.map((faq) => (
              <div key={faq.question}>
                <dt className="font-semibold text-ink">{faq.question}</dt>
                <dd className="mt-1 leading-relaxed">{faq.answer}</dd>
              </div>
            ))}
          </dl>
        </section>
        <p className="mt-12 flex flex-wrap gap-3">
          {book && (
            <a href={book.href} className={buttonClass('primary', 'large', 'no-underline')}>
              {book.label}
            </a>
          )}
          <a
            href="/#contact"
            className={book ? secondaryLink : buttonClass('primary', 'large', 'no-underline')}
          >
            Send an Enquiry
          </a>
          <a href={`tel:${site.phone}`} className={secondaryLink}>
            Call {site.formattedPhone}
          </a>
        </p>
      </div>
    </main>
  );
}
