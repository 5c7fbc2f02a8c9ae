import { describe, expect, it } from 'vitest';
import { siteContentSchema } from '#common/site-content/site-content.ts';
import { makeContent } from '#tests/support/site-content.ts';
import { newBranch, newService, newServiceAddressProblem, slugFromTitle, uniqueKey } from './content-keys.ts';

describe('addresses from names', () => {
  it('are lower-case words joined by dashes', () => {
    expect(slugFromTitle('Wheel Balancing & Alignment')).toBe('wheel-balancing-and-alignment');
    expect(slugFromTitle("  Driver's  Café — MOT!  ")).toBe('drivers-cafe-mot');
    expect(slugFromTitle('***')).toBe('');
    expect(slugFromTitle('a'.repeat(80))).toHaveLength(60);
  });

  it('are checked before a service is added', () => {
    const { services } = makeContent();
    expect(newServiceAddressProblem('puncture-repair', services)).toBe(
      'Another service already uses this address',
    );
    expect(newServiceAddressProblem('Bad Address', services)).toMatch(/^Use lower-case letters/);
    expect(newServiceAddressProblem('x', services)).toBe('Enter an address of at least 2 characters');
    expect(newServiceAddressProblem('mobile-service', services)).toBeUndefined();
  });
});

describe('keys', () => {
  it('are the wanted one, or numbered when it is taken', () => {
    expect(uniqueKey('mot', [])).toBe('mot');
    expect(uniqueKey('mot', ['mot', 'mot-2'])).toBe('mot-3');
  });

  it('of a new service come from its address, and never repeat a key in use after a rename', () => {
    const content = makeContent((changed) => (changed.services[1]!.slug = 'punctures'));
    const service = newService({ title: ' Puncture Repair ', slug: 'puncture-repair' }, content.services);
    expect(service).toMatchObject({
      key: 'puncture-repair-2',
      slug: 'puncture-repair',
      title: 'Puncture Repair',
      visible: true,
      inHeaderMenu: false,
      formerSlugs: [],
    });
    expect(newService({ title: 'MOT', slug: 'mot' }, content.services).key).toBe('mot');
  });

  it('of a new branch come from its name; its hours start as the first branch’s', () => {
    const { branches } = makeContent();
    const branch = newBranch('Harold Hill', branches);
    expect(branch.key).toBe('harold-hill-2');
    expect(branch.hours).toEqual(branches[0]!.hours);
    expect(branch.hours.monday).not.toBe(branches[0]!.hours.monday);
    expect(newBranch('Romford', []).hours.sunday.closed).toBe(true);
  });

  it('make entries that pass the rules once staff fill them in', () => {
    const content = makeContent();
    const service = newService({ title: 'MOT Testing', slug: 'mot-testing' }, content.services);
    service.description = 'Class 4 MOTs at our Harold Hill branch.';
    service.longDescription = ['Book your MOT with us.'];
    service.pricing = [{ name: 'Car MOT', price: '£50' }];
    const branch = newBranch('Romford', content.branches);
    Object.assign(branch, { phone: '+441708123456', formattedPhone: '01708 123456' });
    branch.address = { street: '1 High Street', locality: 'Romford', postcode: 'RM1 1AA' };
    content.services.push(service);
    content.branches.push(branch);
    expect(siteContentSchema.safeParse(content).success).toBe(true);
  });
});
