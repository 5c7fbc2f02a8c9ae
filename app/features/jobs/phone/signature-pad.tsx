import { useEffect, useRef, useState } from 'react';
import { Button } from '#app/components/ui/button.tsx';

/**
 * An optional signature: the customer signs with a finger, the drawing is kept as a PNG. Drawn
 * with pointer events, so a finger, a stylus and a mouse all work.
 */
export function SignaturePad({ onChange }: { onChange: (signature: Blob | null) => void }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const drawing = useRef(false);
  const [signed, setSigned] = useState(false);

  useEffect(() => {
    const context = canvas.current?.getContext('2d');
    if (!context) return;
    context.lineWidth = 2.5;
    context.lineCap = 'round';
    context.strokeStyle = '#1E293B';
  }, []);

  const point = (event: React.PointerEvent<HTMLCanvasElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    const scale = event.currentTarget.width / box.width;
    return [(event.clientX - box.left) * scale, (event.clientY - box.top) * scale] as const;
  };
  const finish = () => {
    if (!drawing.current) return;
    drawing.current = false;
    setSigned(true);
    canvas.current?.toBlob((blob) => onChange(blob), 'image/png');
  };
  const clear = () => {
    const element = canvas.current;
    element?.getContext('2d')?.clearRect(0, 0, element.width, element.height);
    setSigned(false);
    onChange(null);
  };

  return (
    <div>
      <p id="signature-label" className="text-sm font-semibold text-ink">
        Customer’s signature (optional)
      </p>
      <canvas
        ref={canvas}
        width={600}
        height={200}
        role="img"
        aria-labelledby="signature-label"
        className="mt-1.5 h-32 w-full touch-none rounded-lg border border-slate-300 bg-white"
        onPointerDown={(event) => {
          drawing.current = true;
          event.currentTarget.setPointerCapture(event.pointerId);
          const context = event.currentTarget.getContext('2d');
          context?.beginPath();
          context?.moveTo(...point(event));
        }}
        onPointerMove={(event) => {
          if (!drawing.current) return;
          const context = event.currentTarget.getContext('2d');
          context?.lineTo(...point(event));
          context?.stroke();
        }}
        onPointerUp={finish}
        onPointerCancel={finish}
      />
      {signed && (
        <Button type="button" variant="outline" className="mt-1" onClick={clear}>
          Clear the signature
        </Button>
      )}
    </div>
  );
}
