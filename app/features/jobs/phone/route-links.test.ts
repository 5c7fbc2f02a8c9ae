import { describe, expect, it } from 'vitest';
import type { Job } from '#common/jobs/jobs.ts';
import { dayRoute, directionsTo, telLink } from './route-links.ts';

const job = (address: string | null, status: Job['status'] = 'scheduled') =>
  ({ customer: { address, postcode: 'RM3 0AB' }, locationName: 'Harold Hill branch', status }) as Job;

describe('links to the phone’s apps', () => {
  it('give directions to a job, or to its branch', () => {
    expect(directionsTo(job('12 High Street, Romford'))).toBe(
      'https://www.google.com/maps/dir/?api=1&destination=12%20High%20Street%2C%20Romford%2C%20RM3%200AB&travelmode=driving',
    );
    expect(
      directionsTo({
        customer: { address: null, postcode: null },
        locationName: 'Harold Hill branch',
      } as Job),
    ).toContain('destination=Harold%20Hill%20branch');
  });

  it('route the day through the jobs still to visit, in order', () => {
    const route = dayRoute([job('1 A Road', 'completed'), job('2 B Road'), job('3 C Road')]);
    expect(route).toBe(
      'https://www.google.com/maps/dir/?api=1&destination=3%20C%20Road%2C%20RM3%200AB&waypoints=2%20B%20Road%2C%20RM3%200AB&travelmode=driving',
    );
    expect(dayRoute([job('1 A Road', 'completed')])).toBeNull();
  });

  it('call the number as dialled', () => {
    expect(telLink('07700 900 123')).toBe('tel:07700900123');
  });
});
