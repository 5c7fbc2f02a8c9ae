import { buttonClass } from '#app/components/ui/button.tsx';
import { Link } from 'react-router';
import { useSiteSettings } from '#app/features/site-content/index.ts';
import { PhoneIcon } from '#app/components/ui/icons.tsx';

/** A manage link that names no booking: what may have happened, and the phone number. */
export function BookingNotFound({ message }: { message: string }) {
  const site = useSiteSettings();
  return (
    <main className="flex min-h-[60vh] flex-col items-center justify-center gap-4 px-6 py-24 text-center">
      <h1 className="text-3xl font-extrabold text-ink sm:text-4xl">Booking not found</h1>
      <p className="max-w-md text-slate-600">{message}</p>
      <p className="max-w-md text-slate-600">If you need help with a booking, please call us.</p>
      <div className="mt-2 flex flex-wrap justify-center gap-3">
        <a href={`tel:${site.phone}`} className={buttonClass('primary', 'large', 'px-5')}>
          <PhoneIcon className="size-5" /> {site.formattedPhone}
        </a>
        <Link
          to="/"
          className="inline-flex items-center rounded-lg border border-slate-300 px-5 py-3 font-semibold text-ink transition hover:bg-slate-100"
        >
          Back to Home
        </Link>
      </div>
    </main>
  );
}
