import { buttonClass } from '#app/components/ui/button.tsx';

/** The cookie banner's buttons, in both its views. */
export const primary = buttonClass('primary', 'compact', 'justify-center px-4');
export const secondary = buttonClass('outline', 'compact', 'justify-center px-4');
