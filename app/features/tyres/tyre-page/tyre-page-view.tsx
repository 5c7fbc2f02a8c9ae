import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PageHeader } from '#app/components/ui/page-header.tsx';
import { seasonNames, type TyreOffer } from '#common/tyres/catalogue.ts';
import { tyreTierNames } from '#common/tyres/pricing.ts';
import { loadIndexText, sizeLabel, sizeSlug, sizeText, type TyreSize } from '#common/tyres/size.ts';
import type { TyreMarking } from '#common/tyres/tyre-words.ts';
import { formatPence } from '#common/util/money.ts';
import { EuTyreLabel } from './eu-tyre-label.tsx';
import { TyreMarkings } from './tyre-markings.tsx';
import { NotBookable, TyrePrices, type TyreQuantity } from './tyre-prices.tsx';

export type TyrePageData = {
  size: TyreSize;
  offer: TyreOffer;
  quantities: TyreQuantity[];
  /** The service "Book fitting" books (tyre replacement). */
  bookService: string;
  contact: { phone: string; formattedPhone: string };
  /** Its EU label in words, its tyre class (C1, C2) and what its markings mean, worked out by the loader. */
  labelWords: string;
  tyreClass: string;
  markings: TyreMarking[];
};

/** "205/55 R16 94V" (a van tyre's "109/107R"), and XL and run-flat when it is. */
export const tyreSizeMarks = (offer: TyreOffer, size: TyreSize) =>
  `${sizeLabel(size)} ${loadIndexText(offer)}${offer.speedRating}${offer.extraLoad ? ' XL' : ''}${offer.runFlat ? ' run-flat' : ''}`;

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="mt-10">
      <h2 id={id} className="mb-4 text-2xl font-extrabold">
        {title}
      </h2>
      {children}
    </section>
  );
}

/**
 * A tyre's own page (/tyres/205-55-r16/michelin-primacy-4-plus-94v): its EU label, its price
 * fully fitted for 1, 2 and 4 with when each can be fitted and "Book fitting", and what its
 * markings mean.
 */
export function TyrePageView({
  size,
  offer,
  quantities,
  bookService,
  contact,
  labelWords,
  tyreClass,
  markings,
}: TyrePageData) {
  const name = `${offer.brand} ${offer.pattern}`;
  const sizePath = `/tyres/${sizeSlug(size)}`;
  const bookable = quantities.some((shown) => shown.fittedFrom !== null);
  return (
    <main>
      <PageHeader title={name}>
        {tyreSizeMarks(offer, size)} · {seasonNames[offer.season]} · {tyreTierNames[offer.tier]}. From{' '}
        {formatPence(offer.price)} a tyre, fully fitted at your home or work: fitting, a new valve, balancing,
        disposal of the old tyre and VAT included.
      </PageHeader>
      <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6">
        <p className="mb-6 text-sm">
          <Link to={sizePath} className="font-semibold text-brand-dark underline underline-offset-2">
            All {sizeLabel(size)} tyres
          </Link>
        </p>
        <div className="grid gap-10 md:grid-cols-[minmax(0,20rem)_1fr] md:items-start">
          <figure className="mx-auto w-full max-w-xs md:mx-0">
            <EuTyreLabel
              label={offer.label}
              brand={offer.brand}
              pattern={offer.pattern}
              sizeText={`${sizeText(size)} ${loadIndexText(offer)}${offer.speedRating}`}
              tyreClass={tyreClass}
              words={labelWords}
            />
            <figcaption className="mt-2 text-sm text-slate-600">{labelWords}</figcaption>
          </figure>
          <div>
            <h2 className="mb-4 text-2xl font-extrabold">Price, fully fitted</h2>
            {!bookable && <NotBookable {...contact} sizePath={sizePath} sizeName={sizeLabel(size)} />}
            <TyrePrices offer={offer} quantities={quantities} bookService={bookService} name={name} />
            <p className="mt-3 text-sm text-slate-600">
              Fitting and VAT are included: no fitting charge or VAT added later. Where we come to you, any
              call-out charge for your postcode is shown before you choose a time.
            </p>
          </div>
        </div>
        <Section id="markings" title="What its markings mean">
          <TyreMarkings markings={markings} />
        </Section>
      </div>
    </main>
  );
}
