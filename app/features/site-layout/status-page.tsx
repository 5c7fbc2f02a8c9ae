import { buttonClass } from '#app/components/ui/button.tsx';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { SiteSettings } from '#common/site-content/site-settings.ts';

/**
 * A full-page message (not found, unexpected error, unavailable for now) that still offers the
 * way home, and with `contact` the phone number and e-mail address.
 */
export function StatusPage({
  title,
  text,
  contact,
}: {
  title: string;
  text: string;
  contact?: Pick<SiteSettings, 'phone' | 'formattedPhone' | 'email'>;
}) {
  return (
    <main className="flex min-h-[60vh] flex-col items-center justify-center gap-4 px-6 py-24 text-center">
      <h1 className="text-3xl font-extrabold text-ink sm:text-4xl">{title}</h1>
      <p className="max-w-md text-slate-600">{text}</p>
      {contact && <ContactLine contact={contact} />}
      <Link to="/" className={buttonClass('primary', 'large', 'mt-2 px-5')}>
        Back to Home
      </Link>
    </main>
  );
}

function ContactLine({
  contact,
}: {
  contact: Pick<SiteSettings, 'phone' | 'formattedPhone' | 'email'>;
}): ReactNode {
  const link = 'font-semibold text-ink underline underline-offset-2';
  return (
    <p className="max-w-md text-slate-700">
      Call us on{' '}
      <a className={link} href={`tel:${contact.phone}`}>
        {contact.formattedPhone}
      </a>{' '}
      or e-mail{' '}
      <a className={link} href={`mailto:${contact.email}`}>
        {contact.email}
      </a>
      .
    </p>
  );
}
