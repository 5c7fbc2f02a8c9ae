import { memo, useState } from 'react';
import type { Fitter } from '#common/accounts/accounts.ts';
import {
  defaultOnSiteMinutes,
  routeLimits,
  type CallOutBand,
  type RouteSettings,
} from '#common/routing/settings.ts';
import type { BranchContent } from '#common/site-content/site-content.ts';
import { amountMessage, formatPence, parsePounds } from '#common/util/money.ts';
import { controlClass, FieldFrame, NumberField } from '#app/components/editor/fields.tsx';
import { fieldId } from '#app/components/editor/draft.ts';
import { useEditor } from '#app/components/editor/editor-context.ts';
import { AddButton, ItemControls } from '#app/components/editor/list-controls.tsx';
import { PoundsField } from '#app/components/editor/pounds-field.tsx';
import { ListFieldset } from './settings-list-fieldset.tsx';
import { newCallOutBand, withOnSiteMinutes, type OnSiteService } from './routes-draft.ts';
import { StartsField } from './routes-starts.tsx';

const bandsPath = ['routes', 'callOutBands'] as const;
const onSitePath = ['routes', 'onSiteMinutes'] as const;

/** What is wrong with a charge typed in pounds, in pounds: the rules speak of pence. */
function chargeMessage(text: string): string {
  if (parsePounds(text) === null) return amountMessage;
  return `At most ${formatPence(routeLimits.callOutPence)}`;
}

/** The call-out charge by road miles from the nearest start, nearest band first. */
const CallOutBandsField = memo(function CallOutBandsField({ bands }: { bands: readonly CallOutBand[] }) {
  return (
    <ListFieldset
      path={bandsPath}
      hint="Measured by road from the nearest start. Beyond the last band, mobile fitting is not booked online; the customer is offered an enquiry. With no bands, there is no charge and no limit."
    >
      {bands.length > 0 && (
        <ol className="grid gap-3 sm:max-w-xl">
          {bands.map((band, index) => {
            const path = [...bandsPath, index];
            return (
              <li key={index} data-entry={fieldId(path)}>
                <fieldset className="grid min-w-0 grid-cols-[minmax(0,1fr)_minmax(0,1fr)_auto] items-start gap-3 rounded-lg border border-slate-200 bg-slate-50 p-3 sm:grid-cols-[12rem_12rem_auto]">
                  <legend className="sr-only">Band {index + 1}</legend>
                  <NumberField path={[...path, 'upToMiles']} value={band.upToMiles} suffix="miles" decimal />
                  <PoundsField path={[...path, 'pence']} pence={band.pence} message={chargeMessage} />
                  <div className="mt-[1.625rem]">
                    <ItemControls
                      listPath={bandsPath}
                      index={index}
                      count={bands.length}
                      name={`band ${index + 1}`}
                      movable={false}
                    />
                  </div>
                </fieldset>
              </li>
            );
          })}
        </ol>
      )}
      <AddButton
        listPath={bandsPath}
        item={newCallOutBand}
        count={bands.length}
        limit={routeLimits.callOutBands}
        noun="bands"
      >
        Add a band
      </AddButton>
    </ListFieldset>
  );
});

/** A service's time on site in whole minutes; left blank, the service takes the default. */
function OnSiteMinutesInput({
  service,
  minutes,
}: {
  service: OnSiteService;
  minutes: RouteSettings['onSiteMinutes'];
}) {
  const { dispatch } = useEditor();
  const value = minutes[service.key];
  const [text, setText] = useState(() => (value === undefined ? '' : String(value)));
  return (
    <FieldFrame path={[...onSitePath, service.key]} label={service.title}>
      {(control) => (
        <div className="mt-1.5 flex items-center gap-2">
          <input
            {...control}
            type="text"
            inputMode="numeric"
            autoComplete="off"
            placeholder={String(defaultOnSiteMinutes)}
            value={text}
            onChange={(event) => {
              setText(event.target.value);
              dispatch({
                type: 'set',
                path: onSitePath,
                value: withOnSiteMinutes(minutes, service.key, event.target.value),
              });
            }}
            className={`${controlClass} mt-0 max-w-28`}
          />
          <span className="text-sm whitespace-nowrap text-slate-600" aria-hidden="true">
            minutes
          </span>
        </div>
      )}
    </FieldFrame>
  );
}

/** How long a van stays at a job, per service the site shows. */
const OnSiteMinutesField = memo(function OnSiteMinutesField({
  minutes,
  services,
}: {
  minutes: RouteSettings['onSiteMinutes'];
  services: readonly OnSiteService[];
}) {
  return (
    <ListFieldset
      path={onSitePath}
      hint={`For tyre services, per tyre. Left blank, a service takes ${defaultOnSiteMinutes} minutes.`}
    >
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3 sm:items-start">
        {services.map((service) => (
          <OnSiteMinutesInput key={service.key} service={service} minutes={minutes} />
        ))}
      </div>
    </ListFieldset>
  );
});

/**
 * Mobile fitting by road: where each van starts its day, the call-out charge by distance from the
 * nearest start, how fast the vans travel, when a slot is "nearby" another job and what that takes
 * off, and how long each service takes on site.
 */
export const RoutesSection = memo(function RoutesSection({
  routes: shown,
  branches,
  services,
  fitters,
}: {
  routes: RouteSettings;
  /** The site content's branches, which "Add the branches" adds as starts. */
  branches: readonly BranchContent[];
  services: readonly OnSiteService[];
  /** The fitter accounts, whose vans may start at their homes. */
  fitters: readonly Fitter[];
}) {
  return (
    <>
      <StartsField starts={shown.starts} branches={branches} fitters={fitters} />
      <CallOutBandsField bands={shown.callOutBands} />
      <div className="grid gap-4 sm:grid-cols-2 sm:items-start">
        <NumberField
          path={['routes', 'averageMph']}
          value={shown.averageMph}
          suffix="mph"
          decimal
          hint="By road, where no routing engine is set up."
        />
        <NumberField
          path={['routes', 'roadFactor']}
          value={shown.roadFactor}
          suffix="times"
          decimal
          hint="How much longer a drive is than the straight line; used where no routing engine is set up."
        />
        <NumberField
          path={['routes', 'nearbyMiles']}
          value={shown.nearbyMiles}
          suffix="miles"
          decimal
          hint="A slot is nearby when a van already has a job this close that day."
        />
        <PoundsField
          path={['routes', 'nearbyDiscountPence']}
          pence={shown.nearbyDiscountPence}
          hint="Taken off a nearby slot’s call-out charge, down to no charge at all."
          message={chargeMessage}
        />
      </div>
      <OnSiteMinutesField minutes={shown.onSiteMinutes} services={services} />
    </>
  );
});
