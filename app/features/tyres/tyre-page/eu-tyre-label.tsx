import { useId } from 'react';
import { labelGrades, type LabelGrade, type TyreLabel } from '#common/tyres/catalogue.ts';
import {
  EuFlag,
  FuelPictogram,
  IcePictogram,
  NoisePictogram,
  SnowPictogram,
  WetGripPictogram,
} from './eu-label-pictograms.tsx';

/**
 * A tyre's EU label as Regulation (EU) 2020/740 lays it out: the EU flag; the supplier, the tyre
 * type, its size with load and speed, and its class; the fuel efficiency scale (green to red) and
 * the wet grip scale (blues), A to E, each with a black arrow at the tyre's class; the external
 * rolling noise with its class A to C and its dB; the snow and ice pictograms when the tyre has
 * them. Drawn by the page as SVG in its HTML, no image to fetch. The label's QR code links to the
 * EU's product database (EPREL) by the tyre's registration number, which the catalogue does not
 * hold: it is left out, and the database's address written in its place.
 */

type Scale = { colours: readonly string[]; letters: readonly string[] };

// Dark letters on the light steps, white on the dark: each readable at the label's size.
const ink = '#1E293B';
const fuelScale: Scale = {
  colours: ['#00823F', '#8CC63F', '#FFCC00', '#F39200', '#E30613'],
  letters: ['#fff', ink, ink, ink, '#fff'],
};
const wetScale: Scale = {
  colours: ['#00539F', '#1D72B8', '#5A9FD6', '#8FBFE6', '#C3DDF3'],
  letters: ['#fff', '#fff', ink, ink, ink],
};

const rowTop = 174;
const rowStep = 25;

/** A scale A to E at `x`, bars widening to the worst, the arrow at `grade` to their right. */
function GradeScale({ x, scale, grade }: { x: number; scale: Scale; grade: LabelGrade | null }) {
  return (
    <g>
      {labelGrades.map((letter, index) => {
        const y = rowTop + index * rowStep;
        const width = 38 + index * 11;
        return (
          <g key={letter}>
            <path d={`M${x} ${y}h${width}l9 10-9 10h-${width}z`} fill={scale.colours[index]} />
            <text x={x + 6} y={y + 15} fontSize="14" fontWeight="800" fill={scale.letters[index]}>
              {letter}
            </text>
          </g>
        );
      })}
      {grade !== null && (
        <g transform={`translate(${x + 98} ${rowTop + labelGrades.indexOf(grade) * rowStep - 3})`}>
          <path d="M0 13L12 0h30v26H12z" fill="#000" />
          <text x="18" y="20" fontSize="18" fontWeight="800" fill="#fff">
            {grade}
          </text>
        </g>
      )}
    </g>
  );
}

export type EuTyreLabelProps = {
  label: TyreLabel;
  brand: string;
  pattern: string;
  /** 205/55R16 94V, as the label writes the size, load index and speed rating. */
  sizeText: string;
  tyreClass: string;
  /** The label in words (common/tyres/tyre-words.ts `euLabelWords`), its text alternative. */
  words: string;
};

/** The full EU tyre label of one tyre, with its classes in words for those who cannot see it. */
export function EuTyreLabel({ label, brand, pattern, sizeText, tyreClass, words }: EuTyreLabelProps) {
  const id = useId();
  const noise = label.noiseDb === null ? '–' : String(label.noiseDb);
  return (
    <svg
      viewBox="0 0 300 430"
      role="img"
      aria-labelledby={`${id}-title`}
      className="h-auto w-full max-w-xs rounded-lg border border-slate-300 bg-white font-sans"
    >
      <title
        id={`${id}-title`}
      >{`EU tyre label of the ${brand} ${pattern}. ${words} Tyre class ${tyreClass}.`}</title>
      <rect width="300" height="430" fill="#fff" />
      <EuFlag x={14} y={14} />
      <text x="286" y="28" textAnchor="end" fontSize="10" fill={ink}>
        Product information:
      </text>
      <text x="286" y="43" textAnchor="end" fontSize="10" fontWeight="700" fill={ink}>
        eprel.ec.europa.eu
      </text>
      <rect x="14" y="60" width="272" height="2" fill="#003399" />
      <text x="14" y="84" fontSize="17" fontWeight="800" fill="#000">
        {brand}
      </text>
      <text x="14" y="104" fontSize="13" fill="#000">
        {pattern}
      </text>
      <text x="14" y="124" fontSize="13" fontWeight="700" fill="#000">
        {sizeText}
      </text>
      <rect x="240" y="98" width="46" height="32" rx="3" fill="#000" />
      <text x="263" y="120" textAnchor="middle" fontSize="17" fontWeight="800" fill="#fff">
        {tyreClass}
      </text>
      <FuelPictogram x={40} y={136} />
      <WetGripPictogram x={186} y={136} />
      <GradeScale x={10} scale={fuelScale} grade={label.fuel} />
      <GradeScale x={156} scale={wetScale} grade={label.wet} />
      <line x1="150" y1="140" x2="150" y2="298" stroke="#cbd5e1" strokeWidth="1" />
      <rect x="14" y="306" width="272" height="2" fill="#003399" />
      <NoisePictogram x={14} y={320} noiseClass={label.noiseClass} />
      <text x="14" y="388" fontSize="22" fontWeight="800" fill="#000">
        {noise}
        <tspan fontSize="13" fontWeight="700">
          {' '}
          dB
        </tspan>
      </text>
      {label.snow && <SnowPictogram x={150} y={326} />}
      {label.ice && <IcePictogram x={label.snow ? 216 : 150} y={326} />}
      <text x="286" y="418" textAnchor="end" fontSize="10" fill={ink}>
        2020/740
      </text>
    </svg>
  );
}
