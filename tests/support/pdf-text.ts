/**
 * The text of a PDF as a reader would copy it, one string per page, for tests to look for words in.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { getDocument, VerbosityLevel } from 'pdfjs-dist/legacy/build/pdf.mjs';

/**
 * Where pdf.js finds the fonts a PDF names without embedding (Helvetica and the other standard
 * fonts): a folder path read with fs in Node, with the trailing slash pdf.js requires.
 */
const pdfjsFolder = path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));
const standardFontDataUrl = path.join(pdfjsFolder, 'standard_fonts') + path.sep;

/**
 * Each page's text items in the order they are drawn, which for the PDFs this site writes (top to
 * bottom, a table's cells row by row, a wrapped cell line by line) is reading order. Items are
 * joined with a space, since a gap between items drawn apart is not always a space character,
 * but those that touch (the pieces of a word drawn in two fonts) with nothing; runs of whitespace
 * collapse to one so tests can match phrases.
 */
export async function pdfText(bytes: Uint8Array | Buffer): Promise<string[]> {
  return (await pdfTextItems(bytes)).map((items) =>
    items
      .map((item, index) => {
        const before = items[index - 1];
        const touching =
          before && Math.abs(before.y - item.y) < 0.5 && Math.abs(before.x + before.width - item.x) < 0.5;
        return `${index === 0 || touching ? '' : ' '}${item.str}`;
      })
      .join('')
      .replace(/\s+/g, ' ')
      .trim(),
  );
}

/**
 * Each page's text items in the order they are drawn, with where each starts (`x` from the left,
 * `y` from the bottom, and how wide, in points): to check what stands left of what.
 */
export async function pdfTextItems(
  bytes: Uint8Array | Buffer,
): Promise<{ str: string; x: number; y: number; width: number }[][]> {
  const document = await getDocument({
    // pdf.js refuses a Buffer and hands the array's memory over to its worker, emptying it: a
    // copy leaves the caller's bytes intact.
    data: new Uint8Array(bytes),
    useWorkerFetch: false,
    isEvalSupported: false,
    disableFontFace: true,
    standardFontDataUrl,
    // Its warnings go to console.log and say nothing a test needs.
    verbosity: VerbosityLevel.ERRORS,
  }).promise;
  try {
    const pages: { str: string; x: number; y: number; width: number }[][] = [];
    for (let number = 1; number <= document.numPages; number += 1) {
      const page = await document.getPage(number);
      const content = await page.getTextContent();
      // Marked-content items (tags) carry no text.
      pages.push(
        content.items.flatMap((item) =>
          'str' in item
            ? [
                {
                  str: item.str,
                  x: item.transform[4] as number,
                  y: item.transform[5] as number,
                  width: item.width,
                },
              ]
            : [],
        ),
      );
    }
    return pages;
  } finally {
    await document.destroy();
  }
}
