import { memo } from 'react';
import type { ServiceContent } from '#common/site-content/site-content.ts';
import { AddServiceForm } from './add-service-form.tsx';
import { ListError } from '#app/components/editor/fields.tsx';
import { fieldId } from '#app/components/editor/draft.ts';
import { useOpenKeys } from '#app/components/editor/use-open-keys.ts';
import { ContentSection } from './content-section.tsx';
import { ServiceEditor, serviceFirstFieldId } from './service-editor.tsx';

type ServicesSectionProps = {
  services: readonly ServiceContent[];
  /** The published services, for where each one's page is now. */
  published: readonly ServiceContent[];
};

/** Every service, closed until opened, in the order the site lists them; and a way to add one. */
export const ServicesSection = memo(function ServicesSection({ services, published }: ServicesSectionProps) {
  const { openKeys, toggle, open } = useOpenKeys();
  const publishedSlugs = new Map(published.map((service) => [service.key, service.slug]));

  return (
    <ContentSection
      id="section-services"
      lead="Open a service to change its name, address, texts and price list. The order here is the order on the site."
    >
      <div id={fieldId(['services'])} tabIndex={-1} className="grid gap-3 focus:outline-none">
        <ListError path={['services']} />
        {services.map((service, index) => (
          <ServiceEditor
            key={service.key}
            service={service}
            index={index}
            count={services.length}
            open={openKeys.has(service.key)}
            onToggle={toggle}
            publishedSlug={publishedSlugs.get(service.key)}
          />
        ))}
      </div>
      <AddServiceForm
        services={services}
        onAdded={(service, index) => {
          open(service.key);
          requestAnimationFrame(() => document.getElementById(serviceFirstFieldId(index))?.focus());
        }}
      />
    </ContentSection>
  );
});
