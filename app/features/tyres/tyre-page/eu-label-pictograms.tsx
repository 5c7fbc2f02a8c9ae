/**
 * The pictograms of the EU tyre label, drawn in the label's own coordinates (eu-tyre-label.tsx):
 * each a group placed at `x`, `y`, in black on white as the label prints them.
 */

type At = { x: number; y: number };

/** The EU flag: twelve gold stars in a circle on blue. */
export function EuFlag({ x, y }: At) {
  const stars = Array.from({ length: 12 }, (_, index) => {
    const angle = (index / 12) * 2 * Math.PI;
    return { cx: 27 + 11 * Math.sin(angle), cy: 18 - 11 * Math.cos(angle) };
  });
  return (
    <g transform={`translate(${x} ${y})`}>
      <rect width="54" height="36" fill="#003399" />
      {stars.map((star, index) => (
        <circle key={index} cx={star.cx.toFixed(2)} cy={star.cy.toFixed(2)} r="1.8" fill="#FFCC00" />
      ))}
    </g>
  );
}

/** Fuel efficiency: a fuel pump beside a car's wheel. */
export function FuelPictogram({ x, y }: At) {
  return (
    <g transform={`translate(${x} ${y})`} fill="none" stroke="#000" strokeWidth="2.4" strokeLinejoin="round">
      <rect x="2" y="4" width="16" height="24" rx="1.5" />
      <rect x="6" y="8" width="8" height="6" fill="#000" stroke="none" />
      <path d="M18 10h4l4 4v11a2 2 0 0 0 4 0V12l-4-5" />
      <circle cx="38" cy="20" r="8" />
      <circle cx="38" cy="20" r="3" fill="#000" stroke="none" />
    </g>
  );
}

/** Wet grip: a cloud over falling rain and a tyre. */
export function WetGripPictogram({ x, y }: At) {
  return (
    <g transform={`translate(${x} ${y})`} stroke="#000" strokeWidth="2.4" strokeLinecap="round">
      <path d="M6 14a6 6 0 0 1 6-8 8 8 0 0 1 15 1 5 5 0 0 1 1 10H8a4 4 0 0 1-2-3z" fill="#000" />
      <path d="M9 21l-2 5M16 21l-2 5M23 21l-2 5" fill="none" />
      <circle cx="38" cy="20" r="8" fill="none" />
      <circle cx="38" cy="20" r="3" fill="#000" stroke="none" />
    </g>
  );
}

/** External rolling noise: a loudspeaker with its class's letters, the tyre's class the largest. */
export function NoisePictogram({ x, y, noiseClass }: At & { noiseClass: string | null }) {
  return (
    <g transform={`translate(${x} ${y})`}>
      <path d="M2 14h8l10-9v30l-10-9H2z" fill="#000" />
      <path d="M25 11a12 12 0 0 1 0 18M30 6a19 19 0 0 1 0 28" fill="none" stroke="#000" strokeWidth="2.4" />
      {(['A', 'B', 'C'] as const).map((letter, index) => {
        const chosen = letter === noiseClass;
        return (
          <text
            key={letter}
            x={42 + index * 18}
            y="27"
            fontSize={chosen ? 20 : 12}
            fontWeight={chosen ? 800 : 500}
            fill={chosen ? '#000' : '#6b7280'}
          >
            {letter}
          </text>
        );
      })}
    </g>
  );
}

/** Severe snow: the three-peak mountain snowflake (3PMSF). */
export function SnowPictogram({ x, y }: At) {
  return (
    <g transform={`translate(${x} ${y})`} stroke="#000" strokeWidth="2.2" strokeLinejoin="round">
      <title>Severe snow (3PMSF)</title>
      <path d="M2 38L13 14l6 10 7-18 7 14 5-6 10 24z" fill="none" />
      <g transform="translate(26 28)" strokeLinecap="round">
        <path d="M0-7V7M-6-3.5L6 3.5M-6 3.5L6-3.5" />
      </g>
    </g>
  );
}

/** Ice: an icy mountain, its face marked with ice. */
export function IcePictogram({ x, y }: At) {
  return (
    <g transform={`translate(${x} ${y})`} stroke="#000" strokeWidth="2.2" strokeLinejoin="round">
      <title>Ice</title>
      <path d="M2 38L24 4l22 34z" fill="none" />
      <path d="M14 38l4-12 4 8 4-12 4 10 4-6" fill="none" />
    </g>
  );
}
