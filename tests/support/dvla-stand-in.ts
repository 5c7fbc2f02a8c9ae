import { dvlaError, dvlaVehicle } from './vehicle-data-fixtures.ts';
import { startStandInServer, type StandInAnswer } from './vehicle-stand-in-server.ts';

/**
 * A stand-in of the DVLA's Vehicle Enquiry Service on localhost (DVLA_API_URL): it answers
 * POST /vehicle-enquiry/v1/vehicles as the DVLA documents it, a known registration with its
 * `Vehicle`, another with 404, and checks what the product sends (the path, the `x-api-key`
 * header, a JSON body of `registrationNumber` alone). `failWith` makes the next answers a status
 * of the DVLA's own (400, 429, 500, 503), with its headers; `state.delayMs` delays every answer.
 */
export async function startDvlaStandIn({ apiKey = 'dvla-test-key-0001' } = {}) {
  const vehicles = new Map<string, Record<string, unknown>>([['AA19AAA', dvlaVehicle]]);
  const mistakes: string[] = [];
  let failures: StandInAnswer[] = [];
  const server = await startStandInServer((request) => {
    const refuse = (mistake: string): StandInAnswer => {
      mistakes.push(mistake);
      return { status: 400, body: dvlaError(400) };
    };
    if (request.method !== 'POST' || request.path !== '/vehicle-enquiry/v1/vehicles') {
      return refuse(`${request.method} ${request.path}`);
    }
    if (request.headers['x-api-key'] !== apiKey) return { status: 403, body: { message: 'Forbidden' } };
    if (!String(request.headers['content-type']).startsWith('application/json')) return refuse('not JSON');
    let body: unknown;
    try {
      body = JSON.parse(request.body);
    } catch {
      return refuse('a body that is not JSON');
    }
    const keys = Object.keys(body as object);
    const registration = (body as { registrationNumber?: unknown }).registrationNumber;
    if (keys.length !== 1 || typeof registration !== 'string') return refuse(`the body ${request.body}`);
    const failure = failures.shift();
    if (failure) return failure;
    const vehicle = vehicles.get(registration);
    return vehicle ? { status: 200, body: vehicle } : { status: 404, body: dvlaError(404) };
  });
  return {
    ...server,
    mistakes,
    vehicles,
    /** The look-ups asked, by their registrations. */
    asked: () =>
      server.requests.map(
        (request) => (JSON.parse(request.body || '{}') as { registrationNumber?: string }).registrationNumber,
      ),
    /** The next `times` answers are this status of the DVLA's, with these headers. */
    failWith(
      status: number,
      { times = 1, headers = {} }: { times?: number; headers?: Record<string, string> } = {},
    ) {
      failures = Array.from({ length: times }, () => ({ status, body: dvlaError(status), headers }));
    },
    env: () => ({ DVLA_API_KEY: apiKey, DVLA_API_URL: server.origin }),
  };
}

export type DvlaStandIn = Awaited<ReturnType<typeof startDvlaStandIn>>;
