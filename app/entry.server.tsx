import { PassThrough } from 'node:stream';
import { createReadableStreamFromReadable } from '@react-router/node';
import { renderToPipeableStream, type RenderToPipeableStreamOptions } from 'react-dom/server';
import { ServerRouter, type AppLoadContext, type EntryContext } from 'react-router';
import siteCss from './app.css?inline';
import { EnquiryForm } from '#app/features/enquiries/form/enquiry-form.tsx';
import { renderEnquiryFormOnServer } from '#app/features/enquiries/form/enquiry-form-on-demand.tsx';
import { NonceContext } from './lib/nonce.tsx';
import { deferHydrationStream } from './lib/deferred-hydration.server.ts';
import { InlineStylesheetContext } from './lib/stylesheet.tsx';

export const streamTimeout = 5_000;

renderEnquiryFormOnServer(EnquiryForm);

/**
 * Renders a document, sent once complete. Every inline script carries this response's CSP nonce, and the page
 * carries the site's stylesheet inline (see `lib/stylesheet.tsx`).
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  if (request.method.toUpperCase() === 'HEAD') {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const nonce = loadContext.cspNonce;

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    // Every document is sent once complete: the loaders have already run, so waiting costs next
    // to nothing, and a page whose parts load on demand (the enquiry form) then arrives whole,
    // which matters to crawlers and to phones whose scripts never arrive.
    const readyOption: keyof RenderToPipeableStreamOptions = 'onAllReady';
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(
      () => abort(),
      streamTimeout + 1000,
    );

    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <InlineStylesheetContext.Provider value={siteCss}>
          <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
        </InlineStylesheetContext.Provider>
      </NonceContext.Provider>,
      {
        nonce,
        // A finished Suspense boundary stays in place in the HTML, however large, rather than
        // arriving later with a script to move it in (which a phone without scripts never runs).
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        [readyOption]() {
          shellRendered = true;
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              callback();
            },
          });
          responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
          const head = deferHydrationStream();
          head.pipe(body);
          pipe(head);
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors before the shell is ready reject above and are logged by React Router.
          if (shellRendered) console.error(error);
        },
      },
    );
  });
}
