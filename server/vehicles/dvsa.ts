import type { Config } from '../config.ts';
import { reasonOf } from '../http/outside-failure.ts';
import { answerOtherThanFound, outsideTimeoutMs, unreachable, type OutsideAnswer } from './outside-answer.ts';

/**
 * The DVSA's MOT history API: an OAuth 2 token by client credentials from DVSA_TOKEN_URL (kept
 * until a minute before it expires, renewed once when the API refuses it), then
 * GET {DVSA_API_URL}/v1/trade/vehicles/registration/{registration} with the token and the API key.
 * It answers the vehicle with its tests (`motTests`), or, for a vehicle too new for one, its first
 * MOT's due date (`motTestDueDate`); 404 for a registration it does not know.
 */
export type DvsaAccess = NonNullable<Config['dvsa']>;

/** The scope every client of the MOT history API asks its token for. */
const dvsaScope = 'https://tapi.dvsa.gov.uk/.default';

/** A token is renewed this long before it expires, so that none is sent as it runs out. */
const renewEarlyMs = 60_000;

export type DvsaClient = ReturnType<typeof dvsaClient>;

export function dvsaClient(
  access: DvsaAccess,
  { now, timeoutMs = outsideTimeoutMs }: { now: () => Date; timeoutMs?: number },
) {
  let kept: { token: string; renewAt: number } | null = null;
  let asking: Promise<string> | null = null;

  async function newToken(): Promise<string> {
    const response = await fetch(access.tokenUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: new URLSearchParams({
        grant_type: 'client_credentials',
        client_id: access.clientId,
        client_secret: access.clientSecret,
        scope: dvsaScope,
      }),
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (!response.ok) throw new TokenRefused(await reasonOf('DVSA token endpoint', response));
    const answer = (await response.json()) as { access_token?: unknown; expires_in?: unknown };
    if (typeof answer.access_token !== 'string')
      throw new TokenRefused('DVSA token endpoint gave no access_token');
    const seconds = Number(answer.expires_in);
    const lifetimeMs = (Number.isFinite(seconds) && seconds > 0 ? seconds : 3600) * 1000;
    kept = { token: answer.access_token, renewAt: now().getTime() + Math.max(0, lifetimeMs - renewEarlyMs) };
    return answer.access_token;
  }

  /** The kept token while it has more than a minute to run, else a new one (one request at a time). */
  async function token(): Promise<string> {
    if (kept && now().getTime() < kept.renewAt) return kept.token;
    asking ??= newToken().finally(() => {
      asking = null;
    });
    return asking;
  }

  async function ask(registration: string, bearer: string) {
    return fetch(
      new URL(`/v1/trade/vehicles/registration/${encodeURIComponent(registration)}`, access.apiUrl),
      {
        headers: {
          authorization: `Bearer ${bearer}`,
          'x-api-key': access.apiKey,
          accept: 'application/json',
        },
        signal: AbortSignal.timeout(timeoutMs),
      },
    );
  }

  return {
    /** The MOT history of a registration as stored (AB12CDE), as the DVSA answers it. */
    async history(registration: string): Promise<OutsideAnswer<unknown>> {
      let response: Response;
      try {
        response = await ask(registration, await token());
        if (response.status === 401) {
          // Revoked or expired early: one new token, one more try.
          await response.body?.cancel();
          kept = null;
          response = await ask(registration, await token());
        }
        if (response.status === 200) return { kind: 'found', found: await response.json() };
      } catch (error) {
        if (error instanceof TokenRefused)
          return { kind: 'unavailable', reason: error.message, pauseSeconds: null };
        return unreachable(error);
      }
      return answerOtherThanFound('DVSA', response, now());
    },
  };
}

class TokenRefused extends Error {}
