import { dvsaNewVehicle, dvsaNotFound, dvsaTestedVehicle } from './vehicle-data-fixtures.ts';
import { startStandInServer, type StandInAnswer } from './vehicle-stand-in-server.ts';

/**
 * A stand-in of the DVSA's MOT history API and its OAuth token endpoint on localhost
 * (DVSA_TOKEN_URL, DVSA_API_URL). The token endpoint checks the client-credentials form
 * (grant_type, client_id, client_secret, scope) and gives tokens that last `tokenSeconds`; the API
 * answers GET /v1/trade/vehicles/registration/{registration} in the DVSA's shapes, a tested
 * vehicle (AB12CDE) and a new one (NE24WCR) by default, 404 otherwise, and refuses a request
 * without a token it gave and still valid (401) or without the API key (403). `revokeTokens`
 * makes the tokens given so far refused; `failWith` makes the next API answers a status.
 */
export async function startDvsaStandIn({
  clientId = 'dvsa-client-id',
  clientSecret = 'dvsa-client-secret',
  apiKey = 'dvsa-test-key-0001',
  tokenSeconds = 3600,
}: { clientId?: string; clientSecret?: string; apiKey?: string; tokenSeconds?: number } = {}) {
  const vehicles = new Map<string, unknown>([
    ['AB12CDE', dvsaTestedVehicle],
    ['NE24WCR', dvsaNewVehicle],
  ]);
  const mistakes: string[] = [];
  const valid = new Set<string>();
  const given: string[] = [];
  let failures: StandInAnswer[] = [];
  const options = { tokenSeconds };
  const server = await startStandInServer((request) => {
    if (request.path === '/tenant/oauth2/v2.0/token') {
      const form = new URLSearchParams(request.body);
      const expected = {
        grant_type: 'client_credentials',
        client_id: clientId,
        client_secret: clientSecret,
        scope: 'https://tapi.dvsa.gov.uk/.default',
      };
      const wrong = Object.entries(expected).filter(([key, value]) => form.get(key) !== value);
      if (
        request.method !== 'POST' ||
        !String(request.headers['content-type']).startsWith('application/x-www-form-urlencoded') ||
        wrong.length > 0
      ) {
        mistakes.push(`token request: ${wrong.map(([key]) => key).join(', ') || request.method}`);
        return { status: 400, body: { error: 'invalid_request' } };
      }
      const token = `token-${given.length + 1}`;
      given.push(token);
      valid.add(token);
      return {
        status: 200,
        body: {
          token_type: 'Bearer',
          expires_in: options.tokenSeconds,
          ext_expires_in: options.tokenSeconds,
          access_token: token,
        },
      };
    }
    const match = /^\/v1\/trade\/vehicles\/registration\/([^/?]+)$/.exec(request.path);
    if (request.method !== 'GET' || !match) {
      mistakes.push(`${request.method} ${request.path}`);
      return { status: 404, body: { errorCode: 'MOTH-NF-01', errorMessage: 'Not found' } };
    }
    const bearer = /^Bearer (.+)$/.exec(String(request.headers.authorization))?.[1];
    if (!bearer || !valid.has(bearer)) return { status: 401, body: { message: 'Unauthorized' } };
    if (request.headers['x-api-key'] !== apiKey) return { status: 403, body: { message: 'Forbidden' } };
    const failure = failures.shift();
    if (failure) return failure;
    const registration = decodeURIComponent(match[1]!);
    const vehicle = vehicles.get(registration);
    return vehicle ? { status: 200, body: vehicle } : { status: 404, body: dvsaNotFound(registration) };
  });
  const apiRequests = () => server.requests.filter((request) => request.path.startsWith('/v1/'));
  return {
    ...server,
    mistakes,
    vehicles,
    options,
    /** The tokens given, in order. */
    given,
    /** The registrations the API was asked for, in order. */
    asked: () => apiRequests().map((request) => decodeURIComponent(request.path.split('/').pop()!)),
    apiRequests,
    tokenRequests: () => server.requests.filter((request) => request.path.endsWith('/token')),
    revokeTokens: () => valid.clear(),
    /** The next `times` API answers are this status, with these headers. */
    failWith(
      status: number,
      { times = 1, headers = {} }: { times?: number; headers?: Record<string, string> } = {},
    ) {
      failures = Array.from({ length: times }, () => ({
        status,
        body: { errorCode: `MOTH-${status}` },
        headers,
      }));
    },
    env: () => ({
      DVSA_CLIENT_ID: clientId,
      DVSA_CLIENT_SECRET: clientSecret,
      DVSA_API_KEY: apiKey,
      DVSA_TOKEN_URL: `${server.origin}/tenant/oauth2/v2.0/token`,
      DVSA_API_URL: server.origin,
    }),
  };
}

export type DvsaStandIn = Awaited<ReturnType<typeof startDvsaStandIn>>;
