import { Fragment } from 'react';
import type { BranchView } from '#app/features/site-content/index.ts';
import { ClockIcon, MapPinIcon, PhoneIcon } from '#app/components/ui/icons.tsx';
import { Section } from '#app/components/ui/section.tsx';

const countWords = ['one', 'two', 'three', 'four', 'five', 'six'];

/** "two local branches", "one local branch". */
function branchCount(count: number): string {
  return `${countWords[count - 1] ?? count} local ${count === 1 ? 'branch' : 'branches'}`;
}

export function BranchesSection({ branches }: { branches: readonly BranchView[] }) {
  return (
    <Section
      id="branches"
      eyebrow="Visit us"
      title="Our Branches"
      lead={`MOT testing, servicing and tyres at ${branchCount(branches.length)}.`}
    >
      <div className="grid gap-6 md:grid-cols-2">
        {branches.map((branch) => (
          <article key={branch.key} className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
            <h3 className="text-2xl font-bold">{branch.name}</h3>
            <ul className="mt-4 space-y-3 text-slate-700">
              <li className="flex gap-3">
                <MapPinIcon className="mt-0.5 size-5 shrink-0 text-brand-dark" />
                <span>
                  {branch.address.street}, {branch.address.locality} {branch.address.postcode}
                </span>
              </li>
              <li className="flex gap-3">
                <PhoneIcon className="mt-0.5 size-5 shrink-0 text-brand-dark" />
                <a href={`tel:${branch.phone}`} className="font-semibold text-ink hover:text-brand-dark">
                  {branch.formattedPhone}
                </a>
              </li>
              <li className="flex gap-3">
                <ClockIcon className="mt-0.5 size-5 shrink-0 text-brand-dark" />
                <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
                  {branch.hours.map((row) => (
                    <Fragment key={row.days}>
                      <dt>{row.days}</dt>
                      <dd>{row.hours}</dd>
                    </Fragment>
                  ))}
                </dl>
              </li>
            </ul>
          </article>
        ))}
      </div>
    </Section>
  );
}
