import type { ReactNode } from 'react';
import { Button } from './button.tsx';

/**
 * What a dashboard section shows when its data could not be read: what failed, why, and a way to
 * ask again.
 */
export function LoadFailure({
  title,
  detail,
  onRetry,
}: {
  title: string;
  detail?: ReactNode;
  onRetry: () => void;
}) {
  return (
    <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-6 text-center text-red-800">
      <p className="font-semibold">{title}</p>
      {detail != null && detail !== '' && <p className="mt-1 text-sm">{detail}</p>}
      <Button variant="danger-solid" className="mt-3 px-4" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}
