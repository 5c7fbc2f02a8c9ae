import { useSiteSettings } from '#app/features/site-content/index.ts';
import { ClockIcon, MailIcon, PhoneIcon } from '#app/components/ui/icons.tsx';
import { EnquiryFormOnDemand } from '#app/features/enquiries/form/index.ts';

/**
 * `hours`: the general contact hours, one line each; `coveredDistricts`: the postcode districts
 * the form tells customers are inside the area; `texts`: whether the form asks how the customer
 * wants to hear (texts set up).
 */
export function ContactSection({
  hours,
  coveredDistricts,
  texts,
}: {
  hours: readonly string[];
  coveredDistricts: readonly string[];
  texts: boolean;
}) {
  const site = useSiteSettings();
  return (
    <section id="contact" aria-labelledby="contact-title" className="scroll-mt-16 bg-slate-50">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-16 sm:px-6 sm:py-20 lg:grid-cols-[2fr_3fr]">
        <div>
          <p className="text-sm font-semibold uppercase tracking-widest text-brand-dark">Get in touch</p>
          <h2 id="contact-title" className="mt-2 text-3xl font-extrabold sm:text-4xl">
            Book or ask for a quote
          </h2>
          <p className="mt-3 text-lg text-slate-600">
            Tell us about your vehicle and what it needs. We confirm every request within 24 hours.
          </p>
          <ul className="mt-8 space-y-4">
            <li>
              <a
                href={`tel:${site.phone}`}
                className="flex items-center gap-3 text-lg font-semibold hover:text-brand-dark"
              >
                <PhoneIcon className="size-5 text-brand-dark" /> {site.formattedPhone}
              </a>
            </li>
            <li>
              <a href={`mailto:${site.email}`} className="flex items-center gap-3 hover:text-brand-dark">
                <MailIcon className="size-5 text-brand-dark" /> {site.email}
              </a>
            </li>
            <li className="flex gap-3">
              <ClockIcon className="mt-0.5 size-5 shrink-0 text-brand-dark" />
              <span className="space-y-1 text-slate-700">
                {hours.map((line, index) => (
                  <span key={index} className="block">
                    {line}
                  </span>
                ))}
              </span>
            </li>
          </ul>
        </div>
        <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
          <EnquiryFormOnDemand coveredDistricts={coveredDistricts} texts={texts} />
        </div>
      </div>
    </section>
  );
}
