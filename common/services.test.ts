import { describe, expect, it } from 'vitest';
import { parseServiceList, services, serviceSlugs } from './services.ts';

describe('services', () => {
  it('lists the five services of the spec, one per slug', () => {
    expect(services.map((service) => service.slug)).toEqual([...serviceSlugs]);
  });
});

describe('parseServiceList', () => {
  it('keeps valid entries', () => {
    expect(parseServiceList(JSON.parse(JSON.stringify(services)))).toEqual(services);
  });

  it('reads anything that is not a list as no services', () => {
    for (const answer of [null, undefined, {}, 'services', 42, { services }]) {
      expect(parseServiceList(answer)).toEqual([]);
    }
  });

  it('leaves out malformed entries', () => {
    expect(parseServiceList([{ id: 'unknown' }, services[0]])).toEqual([services[0]]);
  });
});
