import { homePricing, pricingNote } from '../../content/home.ts';
import { ContactLink, Section } from '../ui/section.tsx';

export function PricingSection() {
  return (
    <Section
      id="pricing"
      eyebrow="Clear prices"
      title="Our Pricing"
      lead="Wheel balancing and alignment from £40. No hidden extras: you know the price before we start."
      tone="tint"
    >
      <div className="grid gap-6 md:grid-cols-3">
        {homePricing.map((group) => (
          <article
            key={group.title}
            className="flex flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
          >
            <h3 className="text-xl font-bold">{group.title}</h3>
            {group.from && (
              <p className="mt-1 text-sm text-slate-600">
                From <span className="font-heading text-2xl font-extrabold text-ink">{group.from}</span>
              </p>
            )}
            <dl className="mt-5 flex-1 divide-y divide-slate-100">
              {group.items.map((item) => (
                <div key={item.name} className="flex items-baseline justify-between gap-4 py-2.5">
                  <dt className="text-slate-700">{item.name}</dt>
                  <dd className="font-semibold text-ink">{item.price}</dd>
                </div>
              ))}
            </dl>
          </article>
        ))}
      </div>
      <p className="mt-6 text-sm text-slate-600">{pricingNote}</p>
      <div className="mt-8">
        <ContactLink>Book Your Appointment</ContactLink>
      </div>
    </Section>
  );
}
