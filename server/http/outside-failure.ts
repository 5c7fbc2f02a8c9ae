/**
 * Why an outside service (the DVLA, the DVSA, postcodes.io, OSRM) did not answer as asked, in
 * words for staff (the Settings tab's service checks, db/service-checks.ts): never a customer's
 * data, only the status and the service's own words, or why it could not be reached.
 */

/** A failure to reach the service at all: no answer in time, or the network's error. */
export function failureOf(error: unknown): { reason: string; timedOut: boolean } {
  const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
  return timedOut
    ? { reason: 'No answer in time', timedOut }
    : { reason: `Could not be reached: ${error instanceof Error ? error.message : String(error)}`, timedOut };
}

/** The words of an error answer, for staff: the body's first 200 characters. */
export async function reasonOf(service: string, response: Response): Promise<string> {
  const body = (await response.text().catch(() => '')).replace(/\s+/g, ' ').trim().slice(0, 200);
  return `${service} answered ${response.status}${body ? `: ${body}` : ''}`;
}
