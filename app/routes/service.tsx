import { data } from 'react-router';
import { services } from '#common/services.ts';
import { StatusPage } from '../components/layout/status-page.tsx';
import { ServiceDetailView } from '../components/services/service-detail.tsx';
import { serviceDetails } from '../content/service-details.ts';
import { homeSeo, pageMeta } from '../lib/seo.ts';
import type { Route } from './+types/service';

/** How many other services a service page suggests (spec section 9). */
const otherServicesCount = 3;

export async function loader({ params, context }: Route.LoaderArgs) {
  const slug = params.slug.toLowerCase();
  const index = services.findIndex((entry) => entry.slug === slug);
  const service = services[index];
  if (!service) return data({ found: false as const }, { status: 404 });
  const others = Array.from(
    { length: otherServicesCount },
    (_, offset) => services[(index + offset + 1) % services.length]!,
  );
  return {
    found: true as const,
    service,
    detail: serviceDetails[service.slug],
    others,
    images: await context.images.uploadedSlots(),
  };
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
    keywords: page.detail.keywords,
    type: 'service',
  });
};

export default function ServicePage({ loaderData }: Route.ComponentProps) {
  if (!loaderData.found) {
    return <StatusPage title="Service Not Found" text="The service you're looking for doesn't exist." />;
  }
  const { service, detail, others, images } = loaderData;
  return <ServiceDetailView service={service} detail={detail} others={others} images={images} />;
}
