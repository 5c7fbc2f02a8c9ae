// The `enquiry` scenario: customers sending the enquiry form, each from a different address.
import type autocannon from 'autocannon';
import { fromRandomClients, measure, report } from './measure.ts';
import type { Scenario } from './server.ts';

/** The enquiry the load tests post: a valid one, as a customer would send it. */
export const enquiryBody = JSON.stringify({
  name: 'Bench Customer',
  phone: '07700 900123',
  email: 'bench@example.com',
  vehicle: 'Ford Focus 2019',
  service: 'puncture-repair',
  message: 'Nail in the rear tyre, parked at work in Romford until 5pm.',
});

export const enquiry: Scenario = {
  async run(server, settings) {
    const options: autocannon.Options = {
      url: `${server.url}/api/enquiries`,
      method: 'POST',
      connections: settings.connections,
      headers: { 'content-type': 'application/json' },
      requests: fromRandomClients,
      body: enquiryBody,
    };
    const run = await measure(server, settings, options);
    // The median of three runs, 23x, and a third more.
    return report('POST /api/enquiries (stored, with its notification queued)', run, { p99: 31 });
  },
};
