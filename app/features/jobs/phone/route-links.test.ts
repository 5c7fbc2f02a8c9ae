import { describe, expect, it } from 'vitest';
import type { Job } from '#common/jobs/jobs.ts';
import { dayRoute, directionsTo, telLink } from './route-links.ts';

const job = (address: string | null, status: Job['status'] = 'scheduled') =>
  ({ customer: { address, postcode: 'RM3 0AB' }, locationName: 'Harold Hill branch', status }) as Job;

const hrefs = (links: { app: string; href: string }[]) =>
  Object.fromEntries(links.map((link) => [link.app, link.href]));

describe('links to the phone’s apps', () => {
  it('give directions to a job in Google Maps, Apple Maps and Waze', () => {
    const links = directionsTo(job('12 High Street, Romford'));
    expect(links.map((link) => link.label)).toEqual(['Google Maps', 'Apple Maps', 'Waze']);
    expect(hrefs(links)).toEqual({
      google:
        'https://www.google.com/maps/dir/?api=1&destination=12%20High%20Street%2C%20Romford%2C%20RM3%200AB&travelmode=driving',
      apple: 'https://maps.apple.com/?daddr=12%20High%20Street%2C%20Romford%2C%20RM3%200AB&dirflg=d',
      waze: 'https://waze.com/ul?q=12%20High%20Street%2C%20Romford%2C%20RM3%200AB&navigate=yes',
    });
  });

  it('send Waze to the coordinates when they are known, and find a branch by its name', () => {
    expect(hrefs(directionsTo(job('1 A Road'), { latitude: 51.6012, longitude: 0.2345 })).waze).toBe(
      'https://waze.com/ul?ll=51.6012,0.2345&navigate=yes',
    );
    const branch = { customer: { address: null, postcode: null }, locationName: 'Harold Hill branch' } as Job;
    expect(hrefs(directionsTo(branch)).google).toContain('destination=Harold%20Hill%20branch');
  });

  it('route the day through the jobs still to visit, in order, Waze to the next one', () => {
    const links = dayRoute(
      [job('1 A Road', 'completed'), job('2 B Road'), job('3 C Road'), job('4 D Road', 'not-completed')],
      (stop) => (stop.customer.address === '2 B Road' ? { latitude: 51.5, longitude: 0.1 } : null),
    );
    expect(links.map((link) => link.label)).toEqual(['Google Maps', 'Apple Maps', 'Waze (next stop)']);
    expect(hrefs(links)).toEqual({
      google:
        'https://www.google.com/maps/dir/?api=1&destination=3%20C%20Road%2C%20RM3%200AB&waypoints=2%20B%20Road%2C%20RM3%200AB&travelmode=driving',
      apple:
        'https://maps.apple.com/?daddr=2%20B%20Road%2C%20RM3%200AB+to:3%20C%20Road%2C%20RM3%200AB&dirflg=d',
      waze: 'https://waze.com/ul?ll=51.5,0.1&navigate=yes',
    });
    expect(dayRoute([job('1 A Road', 'completed')])).toEqual([]);
    expect(dayRoute([job('2 B Road')]).map((link) => link.label)).toEqual([
      'Google Maps',
      'Apple Maps',
      'Waze',
    ]);
  });

  it('give Google Maps nine stops on the way at most, the tenth the destination', () => {
    const day = Array.from({ length: 12 }, (_, index) => job(`${index + 1} Long Road`));
    const google = new URL(hrefs(dayRoute(day)).google!);
    expect(google.searchParams.get('waypoints')!.split('|')).toHaveLength(9);
    expect(google.searchParams.get('destination')).toBe('10 Long Road, RM3 0AB');
    expect(hrefs(dayRoute(day)).apple!.split('+to:')).toHaveLength(12);
  });

  it('call the number as dialled', () => {
    expect(telLink('07700 900 123')).toBe('tel:07700900123');
  });
});
