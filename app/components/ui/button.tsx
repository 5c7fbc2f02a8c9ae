import type { ComponentPropsWithRef } from 'react';

/**
 * The site's buttons: one look per purpose, used by every form, card, dialog and refusal.
 *
 * - `primary`: the brand green, for the one action a screen is for (Publish, Send, Book);
 * - `dark`: slate, for a form's own action beside a primary one (Save, Add);
 * - `outline`: the quiet choice (Cancel, Copy, Load more);
 * - `danger`, `danger-outline`, `danger-solid`: what deletes or ends something, from the
 *   lightest (a red word on a card) to the confirmation itself.
 *
 * `compact` buttons (the dashboard's cards and lists, the cookie banner) are at least 40 px high,
 * for fingers (the image cards' were 36 px and the cookie banner's 42 px before they shared one);
 * `large` ones carry a form or a page's call to action.
 */
export type ButtonVariant = 'primary' | 'dark' | 'outline' | 'danger' | 'danger-outline' | 'danger-solid';
type ButtonSize = 'compact' | 'large';

const base =
  'inline-flex items-center gap-1.5 rounded-lg font-semibold transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ink disabled:cursor-not-allowed disabled:opacity-60 aria-disabled:opacity-60';

const sizes: Record<ButtonSize, string> = {
  compact: 'min-h-10 px-3 py-2 text-sm',
  large: 'min-h-11 justify-center px-6 py-3 shadow-sm',
};

const variants: Record<ButtonVariant, string> = {
  primary: 'bg-brand text-ink hover:bg-brand-dark hover:text-white',
  dark: 'bg-ink text-white hover:bg-slate-700',
  outline: 'border border-slate-300 bg-white text-ink hover:bg-slate-100',
  danger: 'text-red-700 hover:bg-red-50',
  'danger-outline': 'border border-red-700 bg-white text-red-700 hover:bg-red-50',
  'danger-solid': 'bg-red-700 text-white hover:bg-red-800',
};

/** The classes of a button of `variant` and `size`, for a link or a label that looks like one. */
export function buttonClass(
  variant: ButtonVariant = 'primary',
  size: ButtonSize = 'compact',
  extra = '',
): string {
  return [base, sizes[size], variants[variant], extra].filter(Boolean).join(' ');
}

type ButtonProps = ComponentPropsWithRef<'button'> & { variant?: ButtonVariant; size?: ButtonSize };

/** A `<button>` of the site's look; every other attribute is the native button's. */
export function Button({ variant = 'primary', size = 'compact', className = '', ...props }: ButtonProps) {
  return <button {...props} className={buttonClass(variant, size, className)} />;
}
