// The API as component tests answer it: Mock Service Worker handlers for the app's own paths, each
// answering only what its route answers (tests/support/api-routes.ts, typed by the API's own
// types), and the requests a test made, recorded for it to check. The server listens around every
// component test file (tests/support/ui-cleanup.ts); a request no handler answers fails the test.
import { delay, http, HttpResponse, type HttpHandler } from 'msw';
import { setupServer } from 'msw/node';
import type { ApiRoutes } from './api-routes.ts';

export const apiServer = setupServer();

/** A handler of the API's requests, made by `answer`. */
export type ApiHandler = HttpHandler;

/** A route of the API as "METHOD /path", its parameters as `:name` (`GET /api/jobs/:id/photos`). */
export type ApiRoute = keyof ApiRoutes;

/** A request the component made: its method, path with query, and JSON body (a form's fields, for multipart). */
export type ApiCall = { method: string; path: string; body: unknown };

/** The statuses the API refuses with. */
type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 429 | 500 | 503;

type Success<Entry extends ApiRoutes[ApiRoute]> = Entry extends { status: 204 }
  ? { status: 204 }
  : { status: Entry['status']; body: Entry['body'] };

/** A refusal: the API's error body (none for a bare 500), and headers such as Retry-After. */
type Refusal<Entry extends ApiRoutes[ApiRoute]> = {
  status: ErrorStatus;
  body?: Entry['refused'];
  headers?: Record<string, string>;
};

/** No answer at all, as without signal: the request fails (fetch rejects with "Failed to fetch"). */
export const networkFailure = { networkFailure: true } as const;

/** What a route answers: its own status and body, a refusal, or nothing (`networkFailure`). */
export type ApiReply<Route extends ApiRoute> =
  Success<ApiRoutes[Route]> | Refusal<ApiRoutes[Route]> | typeof networkFailure;

type PathOf<Route extends string> = Route extends `${string} ${infer Path}` ? Path : never;
type ParamsOf<Path extends string> = Path extends `${string}:${infer Name}/${infer Rest}`
  ? Record<Name, string> & ParamsOf<Rest>
  : Path extends `${string}:${infer Name}`
    ? Record<Name, string>
    : Record<never, string>;

/** A request as a handler sees it: the path's parameters, the query, the body as the app sends it. */
export type ApiRequest<Route extends ApiRoute> = {
  params: ParamsOf<PathOf<Route>>;
  query: URLSearchParams;
  body: ApiRoutes[Route]['sent'];
  headers: Headers;
};

type Resolver<Route extends ApiRoute> = (
  request: ApiRequest<Route>,
) => ApiReply<Route> | Promise<ApiReply<Route>>;

/** A reply for every request, a list of replies given in turn (the last one repeated), or a function of the request. */
export type ApiAnswer<Route extends ApiRoute> = ApiReply<Route> | ApiReply<Route>[] | Resolver<Route>;

/** The requests of the test, in the order they came; a new list with each `serveApi`. */
let recorded: ApiCall[] = [];

/** An answer that never comes (a request still on its way). */
export const pending = (): Promise<never> => new Promise(() => {});

const methods = { GET: http.get, POST: http.post, PUT: http.put, PATCH: http.patch, DELETE: http.delete };

/** The replies given in turn, the last one repeated. */
function inTurn<Route extends ApiRoute>(replies: ApiReply<Route>[]): Resolver<Route> {
  const queue = [...replies];
  return () => (queue.length > 1 ? queue.shift()! : queue[0]!);
}

/** A request's body as the app sends it: JSON, or a form's fields (an upload's file among them). */
async function bodyOf(request: Request): Promise<unknown> {
  if (request.headers.get('Content-Type')?.startsWith('multipart/form-data')) {
    return Object.fromEntries((await request.formData()).entries());
  }
  const text = await request.text();
  return text === '' ? undefined : JSON.parse(text);
}

/**
 * The handler of one route: `answer('GET /api/vehicles/:registration', { status: 200, body: history })`.
 * `delayMs` holds each reply back as a network would (past what the page does at once, such as a
 * dialog closing).
 */
export function answer<Route extends ApiRoute>(
  route: Route,
  reply: ApiAnswer<Route>,
  { delayMs = 0 }: { delayMs?: number } = {},
): ApiHandler {
  const [method, path] = route.split(' ') as [keyof typeof methods, string];
  const resolve: Resolver<Route> =
    typeof reply === 'function' ? reply : inTurn(Array.isArray(reply) ? reply : [reply]);
  return methods[method](path, async ({ request, params }) => {
    const url = new URL(request.url);
    // Noted at once, so that the list keeps the order the requests were made in.
    const call: ApiCall = { method: request.method, path: url.pathname + url.search, body: undefined };
    recorded.push(call);
    call.body = await bodyOf(request);
    if (delayMs > 0) await delay(delayMs);
    const answered = await resolve({
      params: params as ApiRequest<Route>['params'],
      query: url.searchParams,
      body: call.body as ApiRequest<Route>['body'],
      headers: request.headers,
    });
    if ('networkFailure' in answered) return HttpResponse.error();
    const headers = 'headers' in answered ? answered.headers : undefined;
    return 'body' in answered && answered.body !== undefined
      ? HttpResponse.json(answered.body, { status: answered.status, headers })
      : new HttpResponse(null, { status: answered.status, headers });
  });
}

/** Every request of the API stays on its way (for a test of what shows before any answer). */
export const everyRequestPending = () => http.all('/api/*', pending);

/**
 * The API answers with `handlers` alone from now on (in place of any the test gave before), and
 * records the requests from now on: `calls`, or `requests()` as "METHOD /path"; `answer` changes
 * or adds a route's answer from then on.
 */
export function serveApi(...handlers: ApiHandler[]) {
  apiServer.resetHandlers(...handlers);
  const calls: ApiCall[] = [];
  recorded = calls;
  return {
    calls,
    requests: () => calls.map(({ method, path }) => `${method} ${path}`),
    answer: <Route extends ApiRoute>(route: Route, reply: ApiAnswer<Route>, options?: { delayMs?: number }) =>
      apiServer.use(answer(route, reply, options)),
  };
}

export type ServedApi = ReturnType<typeof serveApi>;

/** After each test: no handler left, and a fresh record. */
export function resetApi() {
  apiServer.resetHandlers();
  recorded = [];
}
