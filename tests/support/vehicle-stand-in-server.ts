import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** A request an outside service's stand-in received, as it came. */
export type StandInRequest = {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
};

/** What a stand-in answers: a status, a JSON body and headers. */
export type StandInAnswer = { status: number; body?: unknown; headers?: Record<string, string> };

/**
 * A local HTTP server on a free port for the outside services' stand-ins (the DVLA's, the DVSA's,
 * postcodes.io's, OSRM's): every request is logged, answered by `answer` (after `delayMs`, to try
 * timeouts), and what the product must not send is answered 400 and kept in `mistakes` for the
 * test to see.
 */
export async function startStandInServer(answer: (request: StandInRequest) => StandInAnswer) {
  const requests: StandInRequest[] = [];
  const state = { delayMs: 0 };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const request = {
        method: req.method ?? 'GET',
        path: req.url ?? '/',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      requests.push(request);
      const send = () => {
        if (res.destroyed) return;
        const { status, body, headers } = answer(request);
        res.writeHead(status, { 'content-type': 'application/json', ...headers });
        res.end(body === undefined ? '' : JSON.stringify(body));
      };
      if (state.delayMs > 0) setTimeout(send, state.delayMs);
      else send();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    state,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
