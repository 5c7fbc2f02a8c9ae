import { lazy, Suspense, useEffect, useRef, type ComponentType } from 'react';
import type { EnquiryFormProps } from './enquiry-form.tsx';

let wanted: () => void = () => {};
const formWanted = new Promise<void>((resolve) => (wanted = resolve));

/**
 * The enquiry form's code (form state, validation) is fetched when a customer comes near the
 * form, not with the page: it sits at the bottom of the home page and most visits never reach
 * it. Until then the server-rendered form is on screen and works as a plain form. When the code
 * arrives React hydrates that same markup, so nothing typed in the meantime is lost.
 *
 * The server renders the form itself, in place: entry.server.tsx hands the component over with
 * `renderEnquiryFormOnServer`, so this module never imports it statically (which would put its
 * code back into every page's scripts).
 */
const InteractiveEnquiryForm = lazy(async () => {
  await formWanted;
  const { EnquiryForm } = await import('./enquiry-form.tsx');
  return { default: EnquiryForm };
});

let ServerEnquiryForm: ComponentType<EnquiryFormProps> | undefined;

/** Called once by the server entry with the form component to render in documents. */
export function renderEnquiryFormOnServer(component: ComponentType<EnquiryFormProps>) {
  ServerEnquiryForm = component;
}

/** How far ahead of the form (in CSS pixels) its code starts loading. */
const loadAheadPx = 600;

export function EnquiryFormOnDemand({ eager = false, ...props }: EnquiryFormProps & { eager?: boolean }) {
  const area = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = area.current;
    if (eager || !element || typeof IntersectionObserver === 'undefined') return wanted();
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) wanted();
      },
      { rootMargin: `${loadAheadPx}px 0px` },
    );
    observer.observe(element);
    // A customer who reaches the form another way (keyboard, find in page) starts it too.
    element.addEventListener('focusin', wanted);
    element.addEventListener('pointerdown', wanted);
    return () => {
      observer.disconnect();
      element.removeEventListener('focusin', wanted);
      element.removeEventListener('pointerdown', wanted);
    };
  }, [eager]);
  return (
    <div ref={area}>
      <Suspense fallback={null}>
        {ServerEnquiryForm ? <ServerEnquiryForm {...props} /> : <InteractiveEnquiryForm {...props} />}
      </Suspense>
    </div>
  );
}
