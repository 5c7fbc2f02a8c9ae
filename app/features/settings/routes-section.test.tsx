// @vitest-environment happy-dom
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { defaultRouteSettings, type RouteSettings } from '#common/routing/settings.ts';
import { settingsConflictMessage } from '#common/settings/domains.ts';
import { answer } from '#tests/support/api-handlers.ts';
import { descriptionOf, replaceText } from '#tests/support/dom.tsx';
import {
  domainSettings,
  renderSettingsTab,
  saveSection,
  section,
  sentUpdates,
  testFitters,
  type User,
} from './settings-test-data.tsx';

const routes = () => section('Routes');
const list = (name: string) => within(routes().getByRole('group', { name }));
const starts = () => list('Vans’ starts');
const bands = () => list('Call-out charges');
const entries = (scope: ReturnType<typeof list>) => scope.queryAllByRole('listitem');
/** The field labelled `label` of the `index`th entry of a list. */
const entryField = (scope: ReturnType<typeof list>, index: number, label: string) =>
  within(entries(scope)[index]!).getByLabelText(label) as HTMLInputElement;
const field = (label: string) => routes().getByLabelText(label) as HTMLInputElement;
const onSite = (title: string) => list('Time on site (minutes)').getByLabelText(title) as HTMLInputElement;

/** Settings with starts, for the tests that remove them. */
const withStarts = (settings: Partial<RouteSettings>) =>
  domainSettings('routes', { ...defaultRouteSettings, ...settings });

async function addStart(user: User, name: string, postcode: string, fitter?: string) {
  await user.click(routes().getByRole('button', { name: 'Add a start' }));
  const index = entries(starts()).length - 1;
  await replaceText(user, entryField(starts(), index, 'Name'), name);
  await replaceText(user, entryField(starts(), index, 'Postcode'), postcode);
  if (fitter) await user.selectOptions(entryField(starts(), index, 'Fitter'), fitter);
}

describe('the Routes section', () => {
  it('says whether postcodes.io and OSRM are set up, and how they last answered', async () => {
    await renderSettingsTab({
      routingStatus: {
        postcodes: {
          configured: true,
          lastSuccessAt: '2026-12-06T09:00:00.000Z',
          lastFailureAt: '2026-12-06T10:00:00.000Z',
          lastFailure: 'postcodes.io answered 503',
        },
        osrm: { configured: false, lastSuccessAt: null, lastFailureAt: null, lastFailure: null },
      },
    });
    const services = screen.getByRole('list', { name: 'Route services' });
    expect(services.textContent).toContain('Postcodes (postcodes.io): set up');
    expect(services.textContent).toContain('Last failed 6 Dec, 10:00: postcodes.io answered 503');
    expect(services.textContent).toContain('Road times (OSRM): not set up (set OSRM_URL');
  });

  it('shows the starting settings: no starts, three bands in pounds, and the times on site', async () => {
    await renderSettingsTab();
    expect(entries(starts())).toEqual([]);
    routes().getByText(/^One a van: where its day starts/);
    expect(
      entries(bands()).map((_, index) => [
        entryField(bands(), index, 'Up to (miles)').value,
        entryField(bands(), index, 'Charge (£)').value,
      ]),
    ).toEqual([
      ['5', '0.00'],
      ['15', '10.00'],
      ['30', '20.00'],
    ]);
    expect(field('Average speed (mph)').value).toBe('25');
    expect(field('Road factor').value).toBe('1.3');
    expect(descriptionOf(field('Road factor'))).toEqual([
      'How much longer a drive is than the straight line; used where no routing engine is set up.',
    ]);
    expect(field('Nearby within (miles)').value).toBe('3');
    expect(field('Nearby discount (£)').value).toBe('0.00');
    expect(onSite('Tyre Replacement').value).toBe('20');
    expect(onSite('Commercial Tyres').value).toBe('45');
    expect(onSite('Commercial Tyres').placeholder).toBe('30');
  });

  it('saves a start with its fitter, a band typed in pounds and a time on site left to the default', async () => {
    const { api, user } = await renderSettingsTab();
    await addStart(user, ' Dave’s home ', 'rm30ab', 'Dave Smith');
    await user.click(routes().getByRole('button', { name: 'Add a band' }));
    await replaceText(user, entryField(bands(), 3, 'Up to (miles)'), '42.5');
    await replaceText(user, entryField(bands(), 3, 'Charge (£)'), '35.50');
    await replaceText(user, field('Road factor'), '1.4');
    await replaceText(user, field('Nearby discount (£)'), '5');
    await user.clear(onSite('Puncture Repair'));
    await saveSection(user, 'Routes');

    await screen.findByText('Routes settings saved');
    const { 'puncture-repair': _gone, ...onSiteMinutes } = defaultRouteSettings.onSiteMinutes;
    expect(sentUpdates(api, 'routes')).toEqual([
      {
        version: 0,
        settings: {
          ...defaultRouteSettings,
          starts: [{ name: 'Dave’s home', postcode: 'RM3 0AB', fitterId: testFitters[0]!.id }],
          callOutBands: [...defaultRouteSettings.callOutBands, { upToMiles: 42.5, pence: 3550 }],
          roadFactor: 1.4,
          nearbyDiscountPence: 500,
          onSiteMinutes,
        },
      },
    ]);
    routes().getByText('Version 1');
  });

  it('refuses a postcode that is not one and bands out of order with the rules’ messages, sending nothing', async () => {
    const { api, user } = await renderSettingsTab();
    await addStart(user, 'Harold Hill', 'RM3');
    await replaceText(user, entryField(bands(), 1, 'Up to (miles)'), '4');
    await replaceText(user, entryField(bands(), 2, 'Charge (£)'), 'twenty');
    await saveSection(user, 'Routes');

    expect(routes().getByRole('alert').textContent).toBe(
      'Please check the highlighted fields and try again.',
    );
    const postcode = entryField(starts(), 0, 'Postcode');
    expect(postcode.getAttribute('aria-invalid')).toBe('true');
    expect(descriptionOf(postcode).at(-1)).toBe('Enter a UK postcode, for example RM3 0AB');
    expect(descriptionOf(entryField(bands(), 2, 'Charge (£)')).at(-1)).toBe(
      'Enter an amount in pounds, for example 89.99',
    );
    await replaceText(user, entryField(bands(), 2, 'Charge (£)'), '600');
    expect(descriptionOf(entryField(bands(), 2, 'Charge (£)')).at(-1)).toBe('At most £500.00');
    await replaceText(user, onSite('Wheel Balancing'), '2');
    expect(descriptionOf(onSite('Wheel Balancing')).at(-1)).toBe('At least 5 minutes');

    // The order of the bands is checked once each field is right, as the API checks it.
    await replaceText(user, postcode, 'RM3 0AB');
    await replaceText(user, entryField(bands(), 2, 'Charge (£)'), '20');
    await replaceText(user, onSite('Wheel Balancing'), '');
    await saveSection(user, 'Routes');
    expect(descriptionOf(entryField(bands(), 1, 'Up to (miles)')).at(-1)).toBe(
      'Each band must reach further than the one before',
    );
    expect(sentUpdates(api, 'routes')).toEqual([]);
  });

  it('removes starts and bands, each row keeping its own values', async () => {
    const { api, user } = await renderSettingsTab({
      settings: {
        routes: withStarts({
          starts: [
            { name: 'Harold Hill', postcode: 'RM3 0XX', fitterId: null },
            { name: 'Kemal’s home', postcode: 'CM12 9AB', fitterId: 9 },
          ],
        }),
      },
    });
    await user.click(starts().getByRole('button', { name: 'Remove Harold Hill' }));
    await user.click(bands().getByRole('button', { name: 'Remove band 1' }));
    expect(entries(starts())).toHaveLength(1);
    expect(entryField(starts(), 0, 'Name').value).toBe('Kemal’s home');
    expect(entryField(starts(), 0, 'Fitter').value).toBe('9');
    expect(entryField(bands(), 0, 'Up to (miles)').value).toBe('15');
    expect(entryField(bands(), 0, 'Charge (£)').value).toBe('10.00');
    await saveSection(user, 'Routes');

    await screen.findByText('Routes settings saved');
    expect(sentUpdates(api, 'routes').at(-1)?.settings).toEqual({
      ...defaultRouteSettings,
      starts: [{ name: 'Kemal’s home', postcode: 'CM12 9AB', fitterId: 9 }],
      callOutBands: defaultRouteSettings.callOutBands.slice(1),
    });
  });

  it('adds the branches not yet listed as starts of no fitter’s van', async () => {
    const { api, user } = await renderSettingsTab({
      settings: {
        routes: withStarts({ starts: [{ name: 'Upminster van', postcode: 'RM14 0XX', fitterId: null }] }),
      },
    });
    await user.click(routes().getByRole('button', { name: 'Add the branches' }));
    expect(entries(starts()).map((_, index) => entryField(starts(), index, 'Name').value)).toEqual([
      'Upminster van',
      'Harold Hill',
    ]);
    expect(entryField(starts(), 1, 'Postcode').value).toBe('RM3 0XX');
    expect(entryField(starts(), 1, 'Fitter').value).toBe('');
    expect((routes().getByRole('button', { name: 'Add the branches' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    await saveSection(user, 'Routes');

    await screen.findByText('Routes settings saved');
    expect(sentUpdates(api, 'routes').at(-1)?.settings.starts).toEqual([
      { name: 'Upminster van', postcode: 'RM14 0XX', fitterId: null },
      { name: 'Harold Hill', postcode: 'RM3 0XX', fitterId: null },
    ]);
  });

  it('shows the server’s refusal of a start’s postcode beside it', async () => {
    const { user } = await renderSettingsTab({
      own: [
        answer('PUT /api/settings/:domain', {
          status: 400,
          body: {
            error: 'Check the highlighted fields',
            fieldErrors: { 'starts.0.postcode': ['No such postcode'] },
          },
        }),
      ],
    });
    await addStart(user, 'Harold Hill', 'RM3 0ZZ');
    await saveSection(user, 'Routes');

    await screen.findByText('Not saved');
    expect(descriptionOf(entryField(starts(), 0, 'Postcode')).at(-1)).toBe('No such postcode');
  });

  it('shows the settings someone else saved meanwhile in place of the draft', async () => {
    const theirs = domainSettings(
      'routes',
      { ...defaultRouteSettings, averageMph: 30 },
      { version: 2, changedAt: '2026-07-12T09:00:00.000Z', changedBy: 'sam' },
    );
    const { user } = await renderSettingsTab({
      own: [
        answer('PUT /api/settings/:domain', {
          status: 409,
          body: { error: settingsConflictMessage, current: theirs },
        }),
      ],
    });
    await addStart(user, 'Harold Hill', 'RM3 0XX');
    await saveSection(user, 'Routes');

    await screen.findByText(settingsConflictMessage);
    expect(field('Average speed (mph)').value).toBe('30');
    expect(entries(starts())).toEqual([]);
    routes().getByText('Version 2');
  });

  it('lets a member of staff change them, choosing among the fitter accounts', async () => {
    const { user } = await renderSettingsTab({ role: 'staff' });
    routes().getByRole('button', { name: 'Save' });
    await user.click(routes().getByRole('button', { name: 'Add a start' }));
    expect(
      within(entryField(starts(), 0, 'Fitter'))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['No fitter', 'Dave Smith', 'kemal']);
  });
});
