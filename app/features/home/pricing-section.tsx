import type { SiteContent } from '#common/site-content/site-content.ts';
import { BookLink, Section } from '#app/components/ui/section.tsx';

/** The home page's prices: a lead, groups of price lines and a note. */
export function PricingSection({ pricing }: { pricing: SiteContent['homePricing'] }) {
  return (
    <Section id="pricing" eyebrow="Clear prices" title="Our Pricing" lead={pricing.lead} tone="tint">
      <div className="grid gap-6 md:grid-cols-3">
        {pricing.groups.map((group, groupIndex) => (
          <article
            key={groupIndex}
            className="flex flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
          >
            <h3 className="text-xl font-bold">{group.title}</h3>
            {group.from && (
              <p className="mt-1 text-sm text-slate-600">
                From <span className="font-heading text-2xl font-extrabold text-ink">{group.from}</span>
              </p>
            )}
            <dl className="mt-5 flex-1 divide-y divide-slate-100">
              {group.items.map((item, index) => (
                <div key={index} className="flex items-baseline justify-between gap-4 py-2.5">
                  <dt className="text-slate-700">{item.name}</dt>
                  <dd className="font-semibold text-ink">{item.price}</dd>
                </div>
              ))}
            </dl>
          </article>
        ))}
      </div>
      {pricing.note && <p className="mt-6 text-sm text-slate-600">{pricing.note}</p>}
      <div className="mt-8">
        <BookLink>Book Your Appointment</BookLink>
      </div>
    </Section>
  );
}
