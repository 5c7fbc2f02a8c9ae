import type { TyreMarking } from '#common/tyres/tyre-words.ts';

/**
 * What the tyre's markings mean (common/tyres/tyre-words.ts `tyreMarkings`, worked out by the
 * page's loader: the words come with the page, not in its script).
 */
export function TyreMarkings({ markings }: { markings: readonly TyreMarking[] }) {
  return (
    <dl className="grid gap-3">
      {markings.map((mark) => (
        <div key={mark.term} className="grid gap-1 sm:grid-cols-[7rem_1fr] sm:gap-4">
          <dt className="font-heading text-lg font-extrabold">{mark.term}</dt>
          <dd className="text-slate-700">
            {mark.words.map((text) => (
              <p key={text}>{text}</p>
            ))}
          </dd>
        </div>
      ))}
    </dl>
  );
}
