// @vitest-environment happy-dom
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { TyreLabel } from '#common/tyres/catalogue.ts';
import { euLabelWords } from '#common/tyres/tyre-words.ts';
import { EuTyreLabel } from './eu-tyre-label.tsx';

const drawn = (changes: Partial<TyreLabel> = {}) => {
  const label: TyreLabel = {
    fuel: 'C',
    wet: 'A',
    noiseDb: 72,
    noiseClass: 'B',
    snow: false,
    ice: false,
    ...changes,
  };
  const html = renderToStaticMarkup(
    <EuTyreLabel
      label={label}
      words={euLabelWords(label)}
      brand="Continental"
      pattern="WinterContact TS 870"
      sizeText="205/55R16 91H"
      tyreClass="C1"
    />,
  );
  const svg = new DOMParser().parseFromString(html, 'image/svg+xml').documentElement;
  return { html, svg };
};

/** The letters drawn in white on the black arrows: the tyre's fuel and wet grip classes. */
const arrows = (svg: Element) =>
  [...svg.querySelectorAll('g[transform] > path[fill="#000"] + text')].map((text) => text.textContent);

describe('the EU tyre label', () => {
  it('is one image named by its classes in words', () => {
    const { svg } = drawn();
    expect(svg.getAttribute('role')).toBe('img');
    const title = svg.querySelector('title')!;
    expect(svg.getAttribute('aria-labelledby')).toBe(title.id);
    expect(title.textContent).toBe(
      'EU tyre label of the Continental WinterContact TS 870. Fuel efficiency class C (of A, best, to E). Wet grip class A (of A, best, to E). External rolling noise 72 dB, class B (of A, quietest, to C). Tyre class C1.',
    );
  });

  it('draws both scales A to E with an arrow at the tyre’s class, the noise in dB and its class, the supplier and size', () => {
    const { svg } = drawn();
    const texts = [...svg.querySelectorAll('text')].map((text) => text.textContent);
    expect(texts.filter((text) => text === 'E')).toHaveLength(2);
    expect(arrows(svg)).toEqual(['C', 'A']);
    expect(texts).toEqual(
      expect.arrayContaining([
        'Continental',
        'WinterContact TS 870',
        '205/55R16 91H',
        'C1',
        '72 dB',
        '2020/740',
      ]),
    );
    // The noise class is the letter drawn largest of A, B and C.
    const noise = [...svg.querySelectorAll('text[font-size="20"]')].map((text) => text.textContent);
    expect(noise).toEqual(['B']);
  });

  it('draws no arrow for a class not given, and the snow and ice pictograms only for a tyre that has them', () => {
    expect(arrows(drawn({ fuel: null }).svg)).toEqual(['A']);
    expect(drawn().html).not.toContain('Severe snow');
    const winter = drawn({ snow: true, ice: true }).svg;
    expect([...winter.querySelectorAll('g > title')].map((title) => title.textContent)).toEqual([
      'Severe snow (3PMSF)',
      'Ice',
    ]);
  });
});
