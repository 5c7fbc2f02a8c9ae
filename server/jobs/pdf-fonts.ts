/**
 * Text in any script customers write their names in, for the PDFs pdfkit draws: each character
 * is set in the first of the Noto fonts below that has it (font fallback), and each line is put
 * in reading order by the Unicode bidirectional algorithm (bidi-js), so that Arabic and Hebrew
 * read right to left among Latin text. fontkit (pdfkit's font engine) shapes each run: it joins
 * Arabic letters and forms Devanagari's conjuncts from the fonts' own tables, and lays a run of a
 * right-to-left script out right to left itself, so such a run is handed over in logical order.
 *
 * The fonts are Fontsource's npm packages, read from node_modules at run time: each family comes
 * split into files by Unicode ranges (`unicode.json`), and a file is read the first time a
 * character of its range is drawn. WOFF rather than WOFF2: fontkit cannot subset a WOFF2 font for
 * embedding. A character none of them has is left out, never drawn as "?".
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { inflateSync } from 'node:zlib';
import bidiFactory from 'bidi-js';
import * as fontkit from 'fontkit';
import { stripBidiControls } from '#common/util/bidi.ts';

export type Face = 'regular' | 'bold';
const weights: Record<Face, number> = { regular: 400, bold: 700 };

type Family = {
  package: string;
  /** The file of one of its subsets at one weight. */
  file: (subset: string, weight: number) => string;
  /** Which of its subsets to use: some repeat what a family before them has. */
  subsets?: (subset: string) => boolean;
};

const numbered = (name: string) => /^\[\d+\]$/.test(name);
const numberOf = (name: string) => name.slice(1, -1);

/**
 * In order of preference: Noto Sans (Latin, Greek, Cyrillic, Vietnamese, Devanagari), Noto Sans
 * Arabic, Noto Sans Hebrew, Noto Emoji (in outline, as PDFs draw no colour fonts), Noto Sans SC
 * (Chinese, whose Unicode ranges also name emoji it draws less well).
 */
const families: Family[] = [
  { package: '@fontsource/noto-sans', file: (subset, weight) => `noto-sans-${subset}-${weight}-normal.woff` },
  {
    package: '@fontsource/noto-sans-arabic',
    file: (subset, weight) => `noto-sans-arabic-${subset}-${weight}-normal.woff`,
    subsets: (subset) => subset === 'arabic',
  },
  {
    package: '@fontsource/noto-sans-hebrew',
    file: (subset, weight) => `noto-sans-hebrew-${subset}-${weight}-normal.woff`,
    subsets: (subset) => subset === 'hebrew',
  },
  {
    package: '@fontsource/noto-emoji',
    file: (subset, weight) => `noto-emoji-${numberOf(subset)}-${weight}-normal.woff`,
    subsets: numbered,
  },
  {
    package: '@fontsource/noto-sans-sc',
    file: (subset, weight) => `noto-sans-sc-${numberOf(subset)}-${weight}-normal.woff`,
    subsets: numbered,
  },
];

/** One file of a family: the code points it has, and where it is. */
type FontFile = { key: string; ranges: [number, number][]; path: (face: Face) => string };

function parseRanges(text: string): [number, number][] {
  return text.split(',').map((range) => {
    const [from, to] = range.trim().replace(/^U\+/i, '').split('-');
    return [parseInt(from!, 16), parseInt(to ?? from!, 16)];
  });
}

let fontFiles: FontFile[] | undefined;

function filesOf(): FontFile[] {
  if (fontFiles) return fontFiles;
  const require = createRequire(import.meta.url);
  fontFiles = families.flatMap((family, index) => {
    const folder = path.dirname(require.resolve(`${family.package}/package.json`));
    const subsets = JSON.parse(readFileSync(path.join(folder, 'unicode.json'), 'utf8')) as Record<
      string,
      string
    >;
    return Object.entries(subsets)
      .filter(([subset]) => family.subsets?.(subset) ?? true)
      .map(([subset, ranges]) => ({
        key: `noto-${index}-${subset}`,
        ranges: parseRanges(ranges),
        path: (face: Face) => path.join(folder, 'files', family.file(subset, weights[face])),
      }));
  });
  return fontFiles;
}

const fontOfCodePoint = new Map<number, FontFile | null>();

/** The first font file that has `codePoint`, or null. */
function fontFileOf(codePoint: number): FontFile | null {
  let found = fontOfCodePoint.get(codePoint);
  if (found === undefined) {
    found =
      filesOf().find((file) => file.ranges.some(([from, to]) => codePoint >= from && codePoint <= to)) ??
      null;
    fontOfCodePoint.set(codePoint, found);
  }
  return found;
}

/**
 * A WOFF font as the TrueType/OpenType font it wraps. fontkit inflates WOFF tables in JavaScript,
 * for each document again: about a second for an invoice's fonts, where zlib takes milliseconds
 * once.
 */
export function woffToSfnt(woff: Buffer): Buffer {
  if (woff.toString('latin1', 0, 4) !== 'wOFF') return woff;
  const count = woff.readUInt16BE(12);
  const tables = Array.from({ length: count }, (_, index) => {
    const entry = 44 + index * 20;
    const offset = woff.readUInt32BE(entry + 4);
    const compressed = woff.readUInt32BE(entry + 8);
    const length = woff.readUInt32BE(entry + 12);
    const stored = woff.subarray(offset, offset + compressed);
    return {
      tag: woff.subarray(entry, entry + 4),
      checksum: woff.readUInt32BE(entry + 16),
      data: compressed < length ? inflateSync(stored) : stored,
    };
  });
  const header = Buffer.alloc(12 + 16 * count);
  const power = 2 ** Math.floor(Math.log2(count));
  header.writeUInt32BE(woff.readUInt32BE(4), 0);
  header.writeUInt16BE(count, 4);
  header.writeUInt16BE(power * 16, 6);
  header.writeUInt16BE(Math.log2(power), 8);
  header.writeUInt16BE(count * 16 - power * 16, 10);
  const parts: Buffer[] = [header];
  let offset = header.length;
  tables.forEach((table, index) => {
    const record = 12 + index * 16;
    table.tag.copy(header, record);
    header.writeUInt32BE(table.checksum, record + 4);
    header.writeUInt32BE(offset, record + 8);
    header.writeUInt32BE(table.data.length, record + 12);
    const padded = Buffer.alloc((table.data.length + 3) & ~3);
    table.data.copy(padded);
    parts.push(padded);
    offset += padded.length;
  });
  return Buffer.concat(parts);
}

/**
 * Each font file read so far, parsed: a few tens of kilobytes each, parsed once rather than for
 * each document (pdfkit takes a fontkit font as it is).
 */
const parsedFonts = new Map<string, fontkit.Font>();
const registered = new WeakMap<PDFKit.PDFDocument, Set<string>>();

/** Sets `file` at `face` as `pdf`'s font, registering it with the document the first time. */
function useFont(pdf: PDFKit.PDFDocument, file: FontFile, face: Face) {
  const name = `${file.key}-${face}`;
  let names = registered.get(pdf);
  if (!names) registered.set(pdf, (names = new Set()));
  if (!names.has(name)) {
    let font = parsedFonts.get(name);
    if (!font) {
      font = fontkit.create(woffToSfnt(readFileSync(file.path(face)))) as fontkit.Font;
      parsedFonts.set(name, font);
    }
    pdf.registerFont(name, font as unknown as Buffer);
    names.add(name);
  }
  pdf.font(name);
}

const bidi = bidiFactory();

/** A piece of text in one font at one embedding level, as it will be drawn. */
type Run = { file: FontFile; text: string; level: number; width: number };
/** A line of text: its runs left to right and its width. */
type TextLine = { runs: Run[]; width: number };
type TextStyle = { size: number; face: Face };

/** A character with what decides how it is drawn. */
type Glyph = { char: string; file: FontFile; level: number; space: boolean; breakAfter: boolean };

/** Marks, joiners and variation selectors stay with the character before them. */
const joinsPrevious = /^(?:\p{M}|\u200C|\u200D|[\uFE00-\uFE0F])$/u;
/** Scripts written without spaces, which may break between any two characters. */
const unspaced = /^[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]$/u;
/** Invisible characters that nothing should draw (controls, zero-width spaces). */
const invisible = /^[\p{Cc}\p{Cf}]$/u;
const rightToLeftScript = /[\p{Script=Arabic}\p{Script=Hebrew}]/u;

function glyphsOf(text: string): Glyph[] {
  const clean = stripBidiControls(text.normalize('NFC')).replace(/\s/gu, ' ');
  const { levels } = bidi.getEmbeddingLevels(clean, 'auto');
  const glyphs: Glyph[] = [];
  let index = 0;
  for (const char of clean) {
    const level = levels[index]!;
    index += char.length;
    const previous = glyphs.at(-1);
    // After a zero-width joiner comes the rest of one emoji (a family, a profession).
    if (previous && (joinsPrevious.test(char) || previous.char.endsWith('\u200D'))) {
      previous.char += char;
      continue;
    }
    if (invisible.test(char)) continue;
    const file = fontFileOf(char.codePointAt(0)!);
    if (!file) continue;
    const space = char === ' ';
    if (previous && unspaced.test(char)) previous.breakAfter = true;
    glyphs.push({ char, file, level, space, breakAfter: space || unspaced.test(char) });
  }
  return glyphs;
}

/** Consecutive glyphs of one font and level, in logical order. */
function runsOf(glyphs: Glyph[]): Omit<Run, 'width'>[] {
  const runs: Omit<Run, 'width'>[] = [];
  for (const glyph of glyphs) {
    const last = runs.at(-1);
    if (last && last.file === glyph.file && last.level === glyph.level) last.text += glyph.char;
    else runs.push({ file: glyph.file, text: glyph.char, level: glyph.level });
  }
  return runs;
}

function widthOf(pdf: PDFKit.PDFDocument, glyphs: Glyph[], style: TextStyle): number {
  return runsOf(glyphs).reduce((sum, run) => {
    useFont(pdf, run.file, style.face);
    return sum + pdf.fontSize(style.size).widthOfString(run.text);
  }, 0);
}

/**
 * A line's runs from left to right (the bidirectional algorithm's rule L2: from the highest
 * level down to the lowest odd one, reverse each sequence of runs at that level or above). A
 * right-to-left run in Arabic or Hebrew is kept in logical order for fontkit to lay out; any
 * other (spaces and punctuation between right-to-left words) is reversed here, its brackets
 * mirrored.
 */
function visualLine(pdf: PDFKit.PDFDocument, glyphs: Glyph[], style: TextStyle): TextLine {
  const runs: Run[] = runsOf(glyphs).map((run) => {
    const rightToLeft = run.level % 2 === 1;
    const text =
      rightToLeft && !rightToLeftScript.test(run.text)
        ? Array.from(run.text)
            .reverse()
            .map((char) => bidi.getMirroredCharacter(char) ?? char)
            .join('')
        : run.text;
    useFont(pdf, run.file, style.face);
    return { ...run, text, width: pdf.fontSize(style.size).widthOfString(text) };
  });
  const highest = Math.max(0, ...runs.map((run) => run.level));
  const lowestOdd = Math.min(...runs.map((run) => run.level + (run.level % 2 === 0 ? 1 : 0)));
  for (let level = highest; level >= lowestOdd; level -= 1) {
    for (let start = 0; start < runs.length; start += 1) {
      if (runs[start]!.level < level) continue;
      let end = start;
      while (end + 1 < runs.length && runs[end + 1]!.level >= level) end += 1;
      runs.splice(start, end - start + 1, ...runs.slice(start, end + 1).reverse());
      start = end;
    }
  }
  return { runs, width: runs.reduce((sum, run) => sum + run.width, 0) };
}

/** Glyphs without the spaces they end with. */
const trimmed = (glyphs: Glyph[]) => glyphs.slice(0, glyphs.findLastIndex((glyph) => !glyph.space) + 1);

/**
 * `text` broken into lines no wider than `width`: after a space, between two Chinese or Japanese
 * characters, or (for a word longer than the line) between any two characters.
 */
export function layoutText(
  pdf: PDFKit.PDFDocument,
  text: string,
  width: number,
  style: TextStyle,
): TextLine[] {
  const lines: Glyph[][] = [];
  // Words are measured once each: a line's width is the sum of its words' (shaping and kerning
  // never reach across a space).
  const measured = (glyphs: Glyph[]) => widthOf(pdf, glyphs, style);
  for (const paragraph of text.split('\n')) {
    const words: { glyphs: Glyph[]; width: number; trimmedWidth: number }[] = [];
    for (const glyph of glyphsOf(paragraph)) {
      const word = words.at(-1);
      if (word && !word.glyphs.at(-1)!.breakAfter) word.glyphs.push(glyph);
      else words.push({ glyphs: [glyph], width: 0, trimmedWidth: 0 });
    }
    for (const word of words) {
      word.trimmedWidth = measured(trimmed(word.glyphs));
      word.width = word.glyphs.at(-1)!.space ? measured(word.glyphs) : word.trimmedWidth;
    }
    let line: Glyph[] = [];
    let lineWidth = 0;
    const endLine = () => {
      lines.push(trimmed(line));
      line = [];
      lineWidth = 0;
    };
    for (const word of words) {
      if (lineWidth + word.trimmedWidth <= width) {
        line.push(...word.glyphs);
        lineWidth += word.width;
        continue;
      }
      if (line.length > 0) endLine();
      if (word.trimmedWidth <= width) {
        line.push(...word.glyphs);
        lineWidth = word.width;
        continue;
      }
      // A word longer than the line is broken between two characters.
      for (const glyph of word.glyphs) {
        if (line.length > 0 && !glyph.space && measured([...line, glyph]) > width) endLine();
        if (line.length > 0 || !glyph.space) line.push(glyph);
      }
      lineWidth = measured(line);
    }
    lines.push(trimmed(line));
  }
  return lines.map((glyphs) => visualLine(pdf, glyphs, style));
}

/** The distance from one line's top to the next's. */
export const lineHeightOf = (size: number, lineGap: number) => size * 1.36 + lineGap;

/** Draws laid-out lines with the first one's top at `at.y`. */
export function drawTextLines(
  pdf: PDFKit.PDFDocument,
  lines: TextLine[],
  at: { x: number; y: number; width: number; align: 'left' | 'right'; lineGap: number },
  style: TextStyle,
) {
  lines.forEach((line, index) => {
    // The baseline sits where Noto Sans puts it within its line: 1.069 of the size below the top.
    const baseline = at.y + index * lineHeightOf(style.size, at.lineGap) + style.size * 1.069;
    let x = at.align === 'right' ? at.x + at.width - line.width : at.x;
    for (const run of line.runs) {
      useFont(pdf, run.file, style.face);
      pdf.fontSize(style.size).text(run.text, x, baseline, { lineBreak: false, baseline: 'alphabetic' });
      x += run.width;
    }
  });
}
