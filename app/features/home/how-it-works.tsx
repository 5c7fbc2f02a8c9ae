import { howItWorks } from './home-copy.ts';
import { Section } from '#app/components/ui/section.tsx';

export function HowItWorks() {
  return (
    <Section eyebrow="Simple and quick" title="How It Works" tone="tint">
      <ol className="grid gap-6 md:grid-cols-3">
        {howItWorks.map((step, index) => (
          <li key={step.title} className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
            <span
              className="flex size-11 items-center justify-center rounded-full bg-brand font-heading text-lg font-extrabold text-ink"
              aria-hidden="true"
            >
              {index + 1}
            </span>
            <h3 className="mt-4 text-xl font-bold">{step.title}</h3>
            <p className="mt-2 text-slate-600">{step.text}</p>
          </li>
        ))}
      </ol>
    </Section>
  );
}
