import { useState } from 'react';
import { Form } from 'react-router';
import { Button } from '#app/components/ui/button.tsx';
import type { TyreSize } from '#common/tyres/size.ts';

const fieldClass =
  'mt-1 block w-full rounded-lg border border-slate-300 bg-white px-2 py-3 text-base text-ink sm:px-3 sm:text-lg focus:border-brand-dark focus:outline-none focus:ring-2 focus:ring-brand';

export const unique = (values: number[]) => [...new Set(values)].sort((a, b) => a - b);

/**
 * Width, profile and rim, offering only what the catalogue has: each choice narrows the next.
 * A GET form to /tyres, which sends a complete size on to its page (so it works without scripts,
 * where every width, profile and rim the catalogue has is offered).
 */
export function TyreFinder({
  sizes,
  chosen = {},
}: {
  sizes: readonly TyreSize[];
  chosen?: Partial<TyreSize>;
}) {
  const [width, setWidth] = useState(chosen.width ? String(chosen.width) : '');
  const [profile, setProfile] = useState(chosen.profile ? String(chosen.profile) : '');
  const [rim, setRim] = useState(chosen.rim ? String(chosen.rim) : '');
  const withWidth = sizes.filter((size) => !width || size.width === Number(width));
  const withProfile = withWidth.filter((size) => !profile || size.profile === Number(profile));
  const widths = unique(sizes.map((size) => size.width));
  const profiles = unique(withWidth.map((size) => size.profile));
  const rims = unique(withProfile.map((size) => size.rim));
  return (
    <Form
      method="get"
      action="/tyres"
      className="grid grid-cols-3 gap-3 sm:grid-cols-4 sm:gap-4"
      aria-label="Find tyres by size"
    >
      <label className="font-semibold">
        Width
        <select
          name="width"
          required
          value={width}
          onChange={(event) => {
            setWidth(event.target.value);
            setProfile('');
            setRim('');
          }}
          className={fieldClass}
        >
          <option value="">e.g. 205</option>
          {widths.map((value) => (
            <option key={value}>{value}</option>
          ))}
        </select>
      </label>
      <label className="font-semibold">
        Profile
        <select
          name="profile"
          required
          value={profile}
          onChange={(event) => {
            setProfile(event.target.value);
            setRim('');
          }}
          className={fieldClass}
        >
          <option value="">e.g. 55</option>
          {profiles.map((value) => (
            <option key={value}>{value}</option>
          ))}
        </select>
      </label>
      <label className="font-semibold">
        Rim
        <select
          name="rim"
          required
          value={rim}
          onChange={(event) => setRim(event.target.value)}
          className={fieldClass}
        >
          <option value="">e.g. 16</option>
          {rims.map((value) => (
            <option key={value} value={value}>
              R{value}
            </option>
          ))}
        </select>
      </label>
      <div className="col-span-3 flex items-end sm:col-span-1">
        <Button type="submit" size="large" className="w-full text-lg">
          Find tyres
        </Button>
      </div>
    </Form>
  );
}
