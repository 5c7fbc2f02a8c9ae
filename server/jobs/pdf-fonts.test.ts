import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import * as fontkit from 'fontkit';
import PDFDocument from 'pdfkit';
import { describe, expect, it } from 'vitest';
import { layoutText, woffToSfnt } from './pdf-fonts.ts';

const regular = { size: 10, face: 'regular' } as const;
const linesOf = (text: string, width = 400) =>
  layoutText(new PDFDocument(), text, width, regular).map((line) =>
    line.runs.map((run) => run.text).join(''),
  );

describe('text in any script', () => {
  it('puts right-to-left words in order from the right, Latin among them left to right', () => {
    // Each Arabic or Hebrew word stays in its logical order: fontkit lays it out right to left.
    expect(linesOf('محمد علي Smith')).toEqual(['Smith علي محمد']);
    expect(linesOf('Jane דוד כהן')).toEqual(['Jane כהן דוד']);
    expect(linesOf('(علي)')).toEqual(['(علي)']);
  });

  it('leaves out direction controls and characters no font has, never writing ?', () => {
    expect(linesOf('Sarah \u202Enosbor\u202C Mitchell\u200F')).toEqual(['Sarah nosbor Mitchell']);
    expect(linesOf('Jo \u{10FFFD}\u0007Smith')).toEqual(['Jo Smith']);
  });

  it('breaks lines at spaces, and between Chinese characters', () => {
    expect(linesOf('王小明王小明王小明', 25)).toEqual(['王小', '明王', '小明', '王小', '明']);
    expect(linesOf('Γιώργος Παπαδόπουλος', 80)).toEqual(['Γιώργος', 'Παπαδόπουλος']);
  });

  it('joins Arabic letters with the font’s own forms (fontkit shapes the run it is given)', () => {
    const file = createRequire(import.meta.url).resolve(
      '@fontsource/noto-sans-arabic/files/noto-sans-arabic-arabic-400-normal.woff',
    );
    const font = fontkit.create(woffToSfnt(readFileSync(file))) as fontkit.Font;
    const isolated = Array.from('محمد', (char) => font.glyphForCodePoint(char.codePointAt(0)!).id);
    const shaped = font.layout('محمد').glyphs.map((glyph) => glyph.id);
    // Laid out right to left, each letter in its joined form rather than its isolated one.
    expect(shaped).toHaveLength(4);
    expect(shaped.toReversed()).not.toEqual(isolated);
    expect(new Set(shaped).size).toBe(4);
  });
});
