import { Link } from 'react-router';
import { buttonClass } from '#app/components/ui/button.tsx';

/** Where "Book fitting" leads: the booking page with the service, the tyre and how many. */
const bookFittingPath = (service: string, tyreId: number, quantity: number) =>
  `/book?${new URLSearchParams({ service, tyre: String(tyreId), quantity: String(quantity) })}`;

/** "Book fitting" for `quantity` of a tyre, named for screen readers with how many of which. */
export function BookFittingLink({
  service,
  tyreId,
  quantity,
  name,
}: {
  service: string;
  tyreId: number;
  quantity: number;
  name: string;
}) {
  return (
    <Link
      to={bookFittingPath(service, tyreId, quantity)}
      className={buttonClass('primary', 'large')}
      aria-label={`Book fitting: ${quantity} × ${name}`}
    >
      Book fitting
    </Link>
  );
}
