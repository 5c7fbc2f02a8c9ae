import { StringDecoder } from 'node:string_decoder';
import { Transform } from 'node:stream';

const modulePreload = /<link rel="modulepreload"/g;

/** Marks the head's module preloads as low priority; the rest of the document is left alone. */
export function lowerModulePreloads(head: string): string {
  return head.replace(modulePreload, '<link rel="modulepreload" fetchpriority="low"');
}

/**
 * Gives the hydration scripts a lower fetch priority than the page's own content. The page is
 * complete without them (server-rendered text, images, plain links and forms), so on a slow phone
 * connection the document, the hero image and the fonts get the bandwidth first and the scripts
 * follow. React Router writes the preloads without a priority option, so the head is rewritten
 * on its way out: the stream is held until `</head>` has passed (the shell is written in one go),
 * then flows through untouched.
 */
export function lowPriorityScripts(): Transform {
  const decoder = new StringDecoder('utf8');
  let pending = '';
  let headDone = false;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      if (headDone) return callback(null, chunk);
      pending += decoder.write(chunk);
      const end = pending.indexOf('</head>');
      if (end === -1) return callback();
      headDone = true;
      const text = lowerModulePreloads(pending.slice(0, end)) + pending.slice(end);
      pending = '';
      callback(null, Buffer.from(text, 'utf8'));
    },
    flush(callback) {
      const rest = pending + decoder.end();
      callback(null, rest ? Buffer.from(headDone ? rest : lowerModulePreloads(rest), 'utf8') : undefined);
    },
  });
}
