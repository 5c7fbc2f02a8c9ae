import { adminRequestHeader, type ApiErrorBody } from '#common/http/api.ts';

/** A request the API answered with an error status. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    /** The API's own sentence (`error` of the body), when it sent one. */
    readonly serverMessage: string | undefined,
    readonly fieldErrors: Record<string, string[]> | undefined,
    bodyText: string,
    /** The parsed JSON answer, for errors that carry more than a sentence (a 409's current version). */
    readonly body: Record<string, unknown> = {},
  ) {
    // '{status}: {body text or status text}', for a failure the server explained in no sentence.
    super(`${status}: ${bodyText}`);
    this.name = 'ApiError';
  }
}

type ErrorBody = Partial<ApiErrorBody> & Record<string, unknown>;

function parseErrorBody(text: string): ErrorBody {
  try {
    const body: unknown = JSON.parse(text);
    return typeof body === 'object' && body !== null ? (body as ErrorBody) : {};
  } catch {
    return {};
  }
}

/**
 * The site's one way to call its JSON API. Sends cookies, the admin header (the server's CSRF
 * guard for staff requests) and JSON, or a FormData as multipart (uploads); resolves with the
 * parsed answer (undefined for 204) or throws ApiError.
 */
export async function apiRequest<T>(
  method: string,
  path: string,
  body?: unknown,
  { signal, keepalive }: { signal?: AbortSignal; keepalive?: boolean } = {},
): Promise<T> {
  const multipart = body instanceof FormData;
  const response = await fetch(path, {
    method,
    signal,
    keepalive,
    credentials: 'same-origin',
    headers: {
      Accept: 'application/json',
      [adminRequestHeader.name]: adminRequestHeader.value,
      ...(body !== undefined && !multipart && { 'Content-Type': 'application/json' }),
    },
    body: body === undefined || multipart ? body : JSON.stringify(body),
  });
  if (!response.ok) {
    const text = await response.text();
    const parsed = parseErrorBody(text);
    throw new ApiError(
      response.status,
      typeof parsed.error === 'string' ? parsed.error : undefined,
      parsed.fieldErrors,
      text || response.statusText,
      parsed,
    );
  }
  if (response.status === 204) return undefined as T;
  return (await response.json()) as T;
}

/** The sentence to show for a failed request: the server's own when it sent one. */
export const messageOf = (error: unknown) =>
  error instanceof ApiError
    ? (error.serverMessage ?? error.message)
    : error instanceof Error
      ? error.message
      : String(error);
