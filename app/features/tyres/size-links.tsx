import { Link } from 'react-router';
import { sizeLabel, sizeSlug, type TyreSize } from '#common/tyres/size.ts';
import { unique } from './size-finder/size-finder.tsx';

/** Every size the catalogue has, as links, by rim. */
export function SizeLinks({ sizes }: { sizes: readonly TyreSize[] }) {
  const rims = unique(sizes.map((size) => size.rim));
  return (
    <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
      {rims.map((rim) => (
        <section key={rim} aria-labelledby={`rim-${rim}`}>
          <h3 id={`rim-${rim}`} className="font-bold">
            {rim}-inch wheels
          </h3>
          <ul className="mt-2 flex flex-wrap gap-2">
            {sizes
              .filter((size) => size.rim === rim)
              .map((size) => (
                <li key={sizeSlug(size)}>
                  <Link
                    to={`/tyres/${sizeSlug(size)}`}
                    className="inline-flex min-h-10 items-center rounded-lg border border-slate-300 bg-white px-3 font-semibold hover:border-brand-dark hover:bg-brand-light"
                  >
                    {sizeLabel(size)}
                  </Link>
                </li>
              ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
