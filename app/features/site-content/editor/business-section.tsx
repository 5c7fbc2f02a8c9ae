import { memo } from 'react';
import { siteContentLimits, type SiteContent } from '#common/site-content/site-content.ts';
import { fieldLabel } from './content-errors.ts';
import { ListError, TextField } from '#app/components/editor/fields.tsx';
import { fieldId } from '#app/components/editor/draft.ts';
import { AddButton, ItemControls } from '#app/components/editor/list-controls.tsx';
import { ContentSection } from './content-section.tsx';

type Business = SiteContent['business'];
const linksPath = ['business', 'socialLinks'] as const;

function SocialLinksField({ links }: { links: Business['socialLinks'] }) {
  return (
    <fieldset id={fieldId(linksPath)} tabIndex={-1} className="min-w-0 grid gap-3 focus:outline-none">
      <legend className="text-base font-semibold text-ink">{fieldLabel(linksPath)}</legend>
      <p className="-mt-1 text-sm text-slate-600">The icons in the footer.</p>
      <ListError path={linksPath} />
      {links.length > 0 && (
        <ol className="grid gap-3">
          {links.map((link, index) => {
            const linkPath = [...linksPath, index];
            const name = link.label.trim() || `social link ${index + 1}`;
            return (
              <li
                key={index}
                data-entry={fieldId(linkPath)}
                className="rounded-lg border border-slate-200 bg-slate-50 p-3"
              >
                <fieldset className="min-w-0 grid gap-3 sm:grid-cols-[10rem_minmax(0,1fr)_auto] sm:items-end">
                  <legend className="sr-only">{name}</legend>
                  <TextField path={[...linkPath, 'label']} value={link.label} />
                  <TextField path={[...linkPath, 'url']} value={link.url} type="url" inputMode="url" />
                  <div className="justify-self-end">
                    <ItemControls listPath={linksPath} index={index} count={links.length} name={name} />
                  </div>
                </fieldset>
              </li>
            );
          })}
        </ol>
      )}
      <AddButton
        listPath={linksPath}
        item={{ label: '', url: 'https://' }}
        count={links.length}
        limit={siteContentLimits.socialLinks}
        noun="social links"
      >
        Add a social link
      </AddButton>
    </fieldset>
  );
}

/** Company name, phone, e-mail, price range and social links. */
export const BusinessSection = memo(function BusinessSection({ business }: { business: Business }) {
  return (
    <ContentSection
      id="section-business"
      lead="Shown in the header and footer, on the call and e-mail buttons, and to search engines."
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          path={['business', 'companyName']}
          value={business.companyName}
          className="sm:col-span-2"
        />
        <TextField
          path={['business', 'formattedPhone']}
          value={business.formattedPhone}
          type="tel"
          hint="As customers read it, for example 01708 123456."
        />
        <TextField
          path={['business', 'phone']}
          value={business.phone}
          type="tel"
          inputMode="tel"
          hint="Digits only, for the call buttons: +441708123456."
        />
        <TextField path={['business', 'email']} value={business.email} type="email" inputMode="email" />
        <TextField
          path={['business', 'priceRange']}
          value={business.priceRange}
          hint="For search engines, for example £20-£200."
          hintBelow
        />
      </div>
      <SocialLinksField links={business.socialLinks} />
    </ContentSection>
  );
});
