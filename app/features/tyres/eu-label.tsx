import type { TyreLabel } from '#common/tyres/catalogue.ts';

/** Grade colours of the EU label: A dark green to E red. */
const gradeColours: Record<string, string> = {
  A: 'bg-green-700 text-white',
  B: 'bg-lime-600 text-white',
  C: 'bg-yellow-400 text-ink',
  D: 'bg-orange-500 text-ink',
  E: 'bg-red-700 text-white',
};

function Grade({ name, grade }: { name: string; grade: string | null }) {
  return (
    <div className="flex items-center gap-1.5">
      <dt className="text-slate-600">{name}</dt>
      <dd>
        {grade ? (
          <span
            className={`inline-block min-w-6 rounded px-1.5 text-center font-bold ${gradeColours[grade] ?? ''}`}
          >
            {grade}
          </span>
        ) : (
          <span className="text-slate-500">not rated</span>
        )}
      </dd>
    </div>
  );
}

/** A tyre's EU label as a line of grades: fuel efficiency, wet grip, external noise, and its snow and ice marks. */
export function EuLabel({ label }: { label: TyreLabel }) {
  return (
    <dl className="flex flex-wrap gap-x-4 gap-y-1 text-sm" aria-label="EU tyre label">
      <Grade name="Fuel" grade={label.fuel} />
      <Grade name="Wet grip" grade={label.wet} />
      <div className="flex items-center gap-1.5">
        <dt className="text-slate-600">Noise</dt>
        <dd className="font-semibold">
          {label.noiseDb === null
            ? 'not rated'
            : `${label.noiseDb} dB${label.noiseClass ? ` (${label.noiseClass})` : ''}`}
        </dd>
      </div>
      {label.snow && (
        <div className="flex items-center gap-1.5">
          <dt className="sr-only">Snow</dt>
          <dd className="rounded bg-sky-100 px-1.5 font-semibold text-sky-900">Snow grip (3PMSF)</dd>
        </div>
      )}
      {label.ice && (
        <div className="flex items-center gap-1.5">
          <dt className="sr-only">Ice</dt>
          <dd className="rounded bg-sky-100 px-1.5 font-semibold text-sky-900">Ice grip</dd>
        </div>
      )}
    </dl>
  );
}
