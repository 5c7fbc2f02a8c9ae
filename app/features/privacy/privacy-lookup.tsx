import { Spinner } from '#app/components/ui/spinner.tsx';
import { messageOf } from '#app/lib/api.ts';
import { storedCountsOf, storedSummary } from './privacy-format.ts';
import { usePersonalData } from './privacy-queries.ts';
import { PersonalDataRecord } from './privacy-record.tsx';

/** The lookup could not be made: what went wrong and a way to ask again. */
function LookupFailure({ email, error, onRetry }: { email: string; error: unknown; onRetry: () => void }) {
  return (
    <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-6 text-center text-red-800">
      <p className="font-semibold">
        Could not look up <span className="break-all">{email}</span>
      </p>
      <p className="mt-1 text-sm">{messageOf(error)}</p>
      <button
        type="button"
        onClick={onRetry}
        className="mt-3 min-h-10 rounded-lg bg-red-700 px-4 py-2 text-sm font-semibold text-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-700"
      >
        Try again
      </button>
    </div>
  );
}

/** What is stored for the address searched for, read through the privacy API. */
export function PersonalDataLookup({ email }: { email: string }) {
  const personalData = usePersonalData(email);
  const { data } = personalData;
  return (
    <div className="grid min-w-0 gap-4">
      {/* Announces what a search found while focus stays in the form (to correct a typo, say). */}
      <p role="status" className="sr-only">
        {data && !personalData.isFetching ? storedSummary(data.email, storedCountsOf(data)) : ''}
      </p>
      {personalData.isPending ? (
        <Spinner label={`Looking up ${email}...`} showLabel />
      ) : (
        personalData.isError && (
          <LookupFailure
            email={email}
            error={personalData.error}
            onRetry={() => void personalData.refetch()}
          />
        )
      )}
      {data && <PersonalDataRecord data={data} />}
    </div>
  );
}
