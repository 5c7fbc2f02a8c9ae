// The last step of `npm run build`: writes a Brotli (.br) and a gzip (.gz) copy beside each
// script, stylesheet and SVG under build/client/assets. Compressed once here at the formats'
// highest levels, they come out 10-15% smaller than what the server's on-the-fly compression
// (Brotli at its fast level 4) makes of them on every request; the server sends them instead
// (server/http/precompressed-assets.ts). A copy that would be no smaller is not written.
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

const dir = process.argv[2] ?? 'build/client/assets';
const compressible = /\.(?:js|mjs|css|svg|json|txt)$/;
const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

const names = (await fs.readdir(dir)).filter((name) => compressible.test(name));
let before = 0;
let after = 0;
await Promise.all(
  names.map(async (name) => {
    const file = path.join(dir, name);
    const content = await fs.readFile(file);
    const [br, gz] = await Promise.all([
      brotli(content, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
          [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length,
        },
      }),
      gzip(content, { level: zlib.constants.Z_BEST_COMPRESSION }),
    ]);
    if (br.length < content.length) await fs.writeFile(`${file}.br`, br);
    if (gz.length < content.length) await fs.writeFile(`${file}.gz`, gz);
    before += content.length;
    after += Math.min(br.length, content.length);
  }),
);
console.log(
  `compressed ${names.length} assets: ${Math.round(before / 1000)} kB, ${Math.round(after / 1000)} kB with Brotli`,
);
