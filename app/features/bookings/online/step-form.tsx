import { buttonClass } from '#app/components/ui/button.tsx';
import { Link, useNavigation } from 'react-router';
import { ArrowRightIcon, ChevronLeftIcon } from '#app/components/ui/icons.tsx';
import type { BookingStep } from './booking-types.ts';

export const legendClass = 'font-heading text-lg font-bold text-ink';

export const primaryButtonClass = buttonClass('primary', 'large', 'w-full gap-2 py-3.5 sm:w-auto');

/** The button that takes a step's choices on to `step`, busy while the next step loads. */
export function ContinueButton({ step, label = 'Continue' }: { step: BookingStep; label?: string }) {
  const busy = useNavigation().state !== 'idle';
  return (
    <div>
      <button type="submit" name="step" value={step} disabled={busy} className={primaryButtonClass}>
        {label}
        <ArrowRightIcon className="size-5" aria-hidden="true" />
      </button>
    </div>
  );
}

/** Back to an earlier step, with the choices made so far. */
export function BackLink({ to, children }: { to: string; children: string }) {
  return (
    <Link
      to={to}
      className="inline-flex items-center gap-1 text-sm font-semibold text-slate-700 underline-offset-2 hover:text-ink hover:underline"
    >
      <ChevronLeftIcon className="size-4" aria-hidden="true" />
      {children}
    </Link>
  );
}
