import { data, redirect } from 'react-router';
import { StatusPage } from '#app/features/site-layout/status-page.tsx';
import { ServiceDetailView } from '#app/features/service-pages/service-detail.tsx';
import { servicePage } from '#app/features/site-content/page-content.server.ts';
import { homeSeo, pageMeta } from '#app/lib/seo.ts';
import type { Route } from './+types/service';

/**
 * /services/{slug}: a visible service's page (any case). A hidden or unknown service answers 404;
 * an address a service had before answers a permanent redirect to its current one.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const page = servicePage(context.content, params.slug, context.site);
  if (page.outcome === 'moved') throw redirect(`/services/${page.slug}`, 301);
  if (page.outcome === 'missing') return data({ found: false as const }, { status: 404 });
  const { service, others } = page;
  return { found: true as const, service, others, images: await context.images.uploadedSlots() };
}

export const meta: Route.MetaFunction = ({ data: page, matches, location }) => {
  if (!page?.found) {
    return pageMeta(matches, {
      ...homeSeo,
      path: location.pathname,
      title: 'Service Not Found',
      noindex: true,
    });
  }
  return pageMeta(matches, {
    path: `/services/${page.service.slug}`,
    title: `${page.service.title} in Essex & East London`,
    description: page.service.description,
    keywords: page.service.keywords,
    type: 'service',
  });
};

export default function ServicePage({ loaderData }: Route.ComponentProps) {
  if (!loaderData.found) {
    return <StatusPage title="Service Not Found" text="The service you're looking for doesn't exist." />;
  }
  const { service, others, images } = loaderData;
  return <ServiceDetailView service={service} others={others} images={images} />;
}
