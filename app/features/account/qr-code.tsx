import { useMemo } from 'react';
import { encode } from 'uqr';

/** ISO/IEC 18004 asks for four modules of light margin around the symbol (the quiet zone). */
const quietZone = 4;

/** One path of unit squares, a square per dark module, drawn in the page rather than by a service. */
function modulesPath(modules: boolean[][]): string {
  return modules.flatMap((row, y) => row.map((dark, x) => (dark ? `M${x} ${y}h1v1h-1z` : ''))).join('');
}

/**
 * A QR code of `value`, drawn as inline SVG: the secret it carries never leaves the page. Error
 * correction M survives a smudged or glary phone screen without making the symbol much denser.
 */
export function QrCode({ value, label, className }: { value: string; label: string; className?: string }) {
  const { size, path } = useMemo(() => {
    const qr = encode(value, { ecc: 'M', border: quietZone });
    return { size: qr.size, path: modulesPath(qr.data) };
  }, [value]);
  return (
    <svg
      role="img"
      aria-label={label}
      viewBox={`0 0 ${size} ${size}`}
      shapeRendering="crispEdges"
      className={className}
    >
      <rect width={size} height={size} fill="#fff" />
      <path d={path} fill="#1e293b" />
    </svg>
  );
}
