import { seasonNames, type TyreOffer } from '#common/tyres/catalogue.ts';
import { loadIndexText } from '#common/tyres/size.ts';
import {
  extraLoadWords,
  loadIndexWords,
  runFlatWords,
  seasonWords,
  speedRatingWords,
} from '#common/tyres/tyre-words.ts';

/** What the tyre's markings mean: its load index and speed rating, extra load, run-flat and season. */
export function TyreMarkings({ offer }: { offer: TyreOffer }) {
  const marks = [
    {
      term: `${loadIndexText(offer)}${offer.speedRating}`,
      words: [loadIndexWords(offer), speedRatingWords(offer.speedRating)],
    },
    ...(offer.extraLoad ? [{ term: 'XL', words: [extraLoadWords] }] : []),
    ...(offer.runFlat ? [{ term: 'Run-flat', words: [runFlatWords] }] : []),
    { term: seasonNames[offer.season], words: [seasonWords[offer.season]] },
  ];
  return (
    <dl className="grid gap-3">
      {marks.map((mark) => (
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
