import { StringDecoder } from 'node:string_decoder';
import { Transform } from 'node:stream';

const modulePreload = /<link rel="modulepreload"[^>]*?href="([^"]+)"[^>]*>/g;
const moduleScript = /<script nonce="([^"]*)" type="module" async="">([\s\S]*?)<\/script>/;

/**
 * Rewrites a server-rendered document so that its hydration scripts start loading only once the
 * page has been painted.
 *
 * The page is complete without them: text, images, plain links and forms all come in the HTML.
 * On a phone with a poor signal every byte of script fetched before the first paint is a byte
 * the document, the hero image and the fonts do not get, so the scripts (about 125 kB
 * compressed) wait until the browser has painted. React Router writes module preloads into the
 * head and one inline module script that imports the route modules; both are taken out and put
 * back by a small inline script (carrying the response's nonce) after the first frame, or after
 * a second at the latest for a page that is not painted (a tab opened in the background).
 *
 * Documents without that module script (an error page rendered without scripts) pass unchanged.
 */
export function deferHydration(document: string): string {
  const script = moduleScript.exec(document);
  if (!script) return document;
  const [tag, nonce, source] = script;
  const preloads = [...document.matchAll(modulePreload)].map((match) => match[1]!);
  const withoutPreloads = document.replace(modulePreload, '');
  // JSON is valid JavaScript; `<` is escaped so that no string can close the script element.
  const data = JSON.stringify({ preloads, source }).replace(/</g, '\\u003c');
  const loader =
    `<script nonce="${nonce}">(function(d){` +
    `var s=document.currentScript.nonce,done=false;` +
    `function go(){if(done)return;done=true;` +
    `d.preloads.forEach(function(h){var l=document.createElement('link');l.rel='modulepreload';l.href=h;document.head.appendChild(l)});` +
    `var m=document.createElement('script');m.type='module';m.nonce=s;m.textContent=d.source;document.body.appendChild(m)}` +
    `requestAnimationFrame(function(){setTimeout(go,0)});setTimeout(go,1000)` +
    `})(${data})</script>`;
  return withoutPreloads.replace(tag, () => loader);
}

/**
 * Applies `deferHydration` to a streamed document. React Router writes the shell (head, body and
 * its module script) in one go; the stream is held until that script has passed, then flows
 * through untouched (the hydration data that follows it).
 */
export function deferHydrationStream(): Transform {
  const decoder = new StringDecoder('utf8');
  let pending = '';
  let done = false;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      if (done) return callback(null, chunk);
      pending += decoder.write(chunk);
      const script = moduleScript.exec(pending);
      if (!script) return callback();
      done = true;
      const text = deferHydration(pending);
      pending = '';
      callback(null, Buffer.from(text, 'utf8'));
    },
    flush(callback) {
      const rest = pending + decoder.end();
      callback(null, rest ? Buffer.from(done ? rest : deferHydration(rest), 'utf8') : undefined);
    },
  });
}
