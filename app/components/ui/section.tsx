import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** A home-page band: optional anchor id, eyebrow, heading and lead, on a light or tinted ground. */
export function Section({
  id,
  eyebrow,
  title,
  lead,
  tone = 'white',
  children,
}: {
  id?: string;
  eyebrow?: string;
  title: string;
  lead?: ReactNode;
  tone?: 'white' | 'tint' | 'dark';
  children: ReactNode;
}) {
  const ground = { white: 'bg-white', tint: 'bg-slate-50', dark: 'bg-ink text-white' }[tone];
  return (
    <section id={id} aria-labelledby={id ? `${id}-title` : undefined} className={`${ground} scroll-mt-16`}>
      <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6 sm:py-20">
        <div className="mb-10 max-w-2xl">
          {eyebrow && (
            <p
              className={`text-sm font-semibold uppercase tracking-widest ${tone === 'dark' ? 'text-brand' : 'text-brand-dark'}`}
            >
              {eyebrow}
            </p>
          )}
          <h2 id={id ? `${id}-title` : undefined} className="mt-2 text-3xl font-extrabold sm:text-4xl">
            {title}
          </h2>
          {lead && (
            <p className={`mt-3 text-lg ${tone === 'dark' ? 'text-slate-300' : 'text-slate-600'}`}>{lead}</p>
          )}
        </div>
        {children}
      </div>
    </section>
  );
}

const ctaStyles = {
  primary: 'bg-brand text-ink hover:bg-brand-dark hover:text-white',
  accent: 'bg-accent text-ink hover:brightness-95',
  outline: 'border border-current hover:bg-black/5',
} as const;

const ctaClass = (variant: keyof typeof ctaStyles) =>
  `inline-flex items-center justify-center rounded-lg px-6 py-3 font-semibold shadow-sm transition ${ctaStyles[variant]}`;

type CtaProps = { children: ReactNode; variant?: keyof typeof ctaStyles };

/** A call to action that scrolls smoothly to the enquiry form. */
export function ContactLink({ children, variant = 'primary' }: CtaProps) {
  return (
    <a href="#contact" className={ctaClass(variant)}>
      {children}
    </a>
  );
}

/** A call to action that opens online booking, with a service chosen when given. */
export function BookLink({ children, variant = 'primary', service }: CtaProps & { service?: string }) {
  return (
    <Link
      to={service ? `/book?service=${encodeURIComponent(service)}` : '/book'}
      className={ctaClass(variant)}
    >
      {children}
    </Link>
  );
}
