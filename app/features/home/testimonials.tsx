import { useState } from 'react';
import type { Testimonial } from '#common/site-content/site-content.ts';
import { ChevronLeftIcon, ChevronRightIcon } from '#app/components/ui/icons.tsx';
import { ContactLink, Section } from '#app/components/ui/section.tsx';

/** Wraps an index around the slides in both directions. */
function wrapIndex(index: number, count: number): number {
  return ((index % count) + count) % count;
}

/**
 * Customer testimonials carousel (the home page's eighth section): one slide per testimonial, previous
 * and next buttons, wrapping both ways. Arrow keys work when the carousel has focus; the new
 * slide is announced to screen readers. Without testimonials there is no section.
 */
export function Testimonials({ testimonials }: { testimonials: readonly Testimonial[] }) {
  const [index, setIndex] = useState(0);
  const count = testimonials.length;
  if (count === 0) return null;
  const go = (step: number) => setIndex((current) => wrapIndex(current + step, count));
  // The list may shrink while the page is open (a publication seen on a later navigation).
  const shown = wrapIndex(index, count);
  const slide = testimonials[shown]!;
  const buttonClass =
    'flex size-11 items-center justify-center rounded-full border border-white/30 text-white transition hover:border-brand hover:bg-brand hover:text-ink';

  return (
    <Section eyebrow="Reviews" title="What Our Customers Say" tone="dark">
      <div
        role="region"
        aria-roledescription="carousel"
        aria-label="Customer testimonials"
        tabIndex={0}
        onKeyDown={(event) => {
          if (event.key === 'ArrowLeft') go(-1);
          if (event.key === 'ArrowRight') go(1);
        }}
        className="rounded-2xl focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-brand"
      >
        <div aria-live="polite" aria-atomic="true">
          <div
            role="group"
            aria-roledescription="slide"
            aria-label={`${shown + 1} of ${count}`}
            className="mx-auto max-w-3xl text-center"
          >
            <figure>
              <p className="text-4xl leading-none text-brand" aria-hidden="true">
                “
              </p>
              <blockquote className="mt-2 text-xl leading-relaxed text-slate-100 sm:text-2xl">
                {slide.content}
              </blockquote>
              <figcaption className="mt-6">
                <span className="font-heading font-bold text-white">{slide.author}</span>
                {slide.location && <span className="text-slate-400"> · {slide.location}</span>}
              </figcaption>
            </figure>
          </div>
        </div>
        <div className="mt-8 flex items-center justify-center gap-4">
          <button
            type="button"
            className={buttonClass}
            onClick={() => go(-1)}
            aria-label="Previous testimonial"
          >
            <ChevronLeftIcon className="size-5" />
          </button>
          <p className="min-w-12 text-center text-sm text-slate-400" aria-hidden="true">
            {shown + 1} / {count}
          </p>
          <button type="button" className={buttonClass} onClick={() => go(1)} aria-label="Next testimonial">
            <ChevronRightIcon className="size-5" />
          </button>
        </div>
      </div>
      <div className="mt-10 text-center">
        <ContactLink variant="accent">Contact us for more reviews</ContactLink>
      </div>
    </Section>
  );
}
