import { memo } from 'react';
import { siteContentLimits, type ServiceContent } from '#common/site-content/site-content.ts';
import { ChevronDownIcon } from '#app/components/ui/icons.tsx';
import { CheckboxField, TextField } from '#app/components/editor/fields.tsx';
import { TokensHint } from './tokens-hint.tsx';
import { fieldId } from '#app/components/editor/draft.ts';
import { useEditor } from '#app/components/editor/editor-context.ts';
import { ItemControls } from '#app/components/editor/list-controls.tsx';
import { PriceLinesField } from './price-lines-field.tsx';
import { StringListField } from './string-list-field.tsx';

const L = siteContentLimits;

type ServiceEditorProps = {
  service: ServiceContent;
  index: number;
  count: number;
  open: boolean;
  onToggle: (key: string) => void;
  /** The address it has on the site now; undefined for a service not published yet. */
  publishedSlug: string | undefined;
};

function addressHint(slug: string, publishedSlug: string | undefined) {
  if (publishedSlug === undefined) return `Its page will be /services/${slug}.`;
  if (publishedSlug !== slug) {
    return `Its page moves to /services/${slug}; the old address /services/${publishedSlug} will redirect there.`;
  }
  return `Its page is /services/${slug}. If you change it, the old address will redirect to the new one.`;
}

/** One service as a disclosure headed by its name: its texts, price list, benefits and keywords. */
export const ServiceEditor = memo(function ServiceEditor({
  service,
  index,
  count,
  open,
  onToggle,
  publishedSlug,
}: ServiceEditorProps) {
  const { errors } = useEditor();
  const path = ['services', index] as const;
  const panelId = `service-${service.key}-panel`;
  const headingId = `service-${service.key}-heading`;
  const name = service.title.trim() || `service ${index + 1}`;
  const needsAttention = Object.keys(errors).some((key) => key.startsWith(`services.${index}.`));
  const expanded = open || needsAttention;
  return (
    <article
      aria-labelledby={headingId}
      className={`rounded-xl border bg-white ${needsAttention ? 'border-red-300' : 'border-slate-200'}`}
    >
      <div className="p-2 sm:p-3">
        <h3 id={headingId}>
          <button
            type="button"
            aria-expanded={expanded}
            aria-controls={panelId}
            onClick={() => onToggle(service.key)}
            className="flex min-h-12 w-full items-center gap-3 rounded-lg px-2 text-left text-base font-bold text-ink transition hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ink"
          >
            <ChevronDownIcon className={`size-5 shrink-0 transition ${expanded ? 'rotate-180' : ''}`} />
            <span className="min-w-0 break-words">{service.title.trim() || 'New service'}</span>
            {!service.visible && (
              <>
                {' '}
                <span className="shrink-0 rounded-full bg-slate-200 px-2 py-0.5 text-xs font-semibold text-slate-700">
                  Hidden
                </span>
              </>
            )}
          </button>
        </h3>
      </div>
      {expanded && (
        <div id={panelId} className="grid gap-6 border-t border-slate-200 p-3 sm:p-5">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <p className="text-sm text-slate-600">
              Order: {index + 1} of {count}
            </p>
            <ItemControls
              listPath={['services']}
              index={index}
              count={count}
              name={name}
              confirmRemoval={{
                title: `Remove ${name}?`,
                description: `Once you publish, /services/${service.slug} answers “not found” and the service leaves the menus and the home page. To take it off the site for a while, untick “Show on the site” instead.`,
              }}
            />
          </div>
          <PriceLinesField path={[...path, 'pricing']} lines={service.pricing} />
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField path={[...path, 'title']} value={service.title} />
            <TextField
              path={[...path, 'slug']}
              value={service.slug}
              hint={addressHint(service.slug, publishedSlug)}
              hintBelow
              inputMode="url"
            />
          </div>
          <div className="grid gap-1 sm:grid-cols-2 sm:gap-4">
            <CheckboxField
              path={[...path, 'visible']}
              checked={service.visible}
              hint="Hidden services have no page, card, menu entry or sitemap entry."
            />
            <CheckboxField
              path={[...path, 'inHeaderMenu']}
              checked={service.inHeaderMenu}
              hint="The footer lists every service shown on the site."
            />
          </div>
          <TextField
            path={[...path, 'description']}
            value={service.description}
            rows={3}
            hint={`On its card, at the top of its page and in search results (up to ${L.serviceDescription} characters).`}
          />
          <StringListField
            path={[...path, 'longDescription']}
            items={service.longDescription}
            rows={5}
            addLabel="Add a paragraph"
            noun="paragraphs"
            limit={L.paragraphs}
            hint={<TokensHint />}
          />
          <StringListField
            path={[...path, 'benefits']}
            items={service.benefits}
            addLabel="Add a benefit"
            noun="benefits"
            limit={L.benefits}
          />
          <StringListField
            path={[...path, 'keywords']}
            items={service.keywords}
            addLabel="Add a keyword"
            noun="keywords"
            limit={L.keywords}
            hint="For search engines: words people type to find this service."
          />
        </div>
      )}
    </article>
  );
});

/** Where the panel of a service starts, for focusing its first field. */
export const serviceFirstFieldId = (index: number) => fieldId(['services', index, 'description']);
