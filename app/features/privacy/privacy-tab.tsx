import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { PersonalDataLookup } from './privacy-lookup.tsx';
import { personalDataQueryKey } from './privacy-queries.ts';
import { PersonalDataSearch } from './privacy-search-form.tsx';

/**
 * The Privacy tab: the rights of access and erasure that section 6 of the Privacy Policy promises,
 * for one e-mail address at a time (GET /api/privacy/export, POST /api/privacy/erase).
 */
export function PrivacyTab() {
  const queryClient = useQueryClient();
  const [email, setEmail] = useState<string | null>(null);
  const find = (address: string) => {
    if (address === email) void queryClient.refetchQueries({ queryKey: personalDataQueryKey(address) });
    else setEmail(address);
  };
  return (
    <section aria-labelledby="personal-data-requests" className="grid min-w-0 gap-6">
      <div className="max-w-3xl">
        <h2 id="personal-data-requests" className="text-xl font-bold text-ink">
          Personal data requests
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          When someone asks for a copy of what we hold about them, or for it to be erased, find it by the
          e-mail address they used (the{' '}
          <a href="/privacy-policy" className="font-semibold text-ink underline underline-offset-2">
            Privacy Policy
          </a>{' '}
          promises both). Check first that the request comes from that address, and answer within one month.
        </p>
      </div>
      <PersonalDataSearch onFind={find} />
      {email && <PersonalDataLookup email={email} />}
    </section>
  );
}
