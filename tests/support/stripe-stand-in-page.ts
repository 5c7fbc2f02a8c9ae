import type { StandInLine } from './stripe-stand-in-checks.ts';

/**
 * The stand-in's hosted checkout page (GET /pay/{id}): what Stripe Checkout shows a customer, cut
 * down to the amount, the lines and a Pay button (a form POST to the same address) beside a Cancel
 * link back to the session's cancel_url. A session paid or expired says so instead.
 */

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/** 1234 → £12.34 */
export const pounds = (pence: number) => `£${(pence / 100).toFixed(2)}`;

export type PageSession = {
  id: string;
  status: string | null;
  amount_total: number | null;
  cancel_url?: string | null;
};

const page = (body: string) =>
  `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Stand-in checkout</title></head>
<body>
<main>
<h1>Stand-in checkout</h1>
${body}
</main>
</body>
</html>
`;

export function checkoutPage(session: PageSession, lines: readonly StandInLine[]): string {
  const amount = pounds(session.amount_total ?? 0);
  if (session.status === 'complete') return page(`<p>This payment of ${amount} has been made.</p>`);
  if (session.status === 'expired') return page('<p>This checkout has expired: nothing was taken.</p>');
  const items = lines
    .map(
      (line) =>
        `<li>${escapeHtml(line.name)}${line.quantity > 1 ? ` × ${line.quantity}` : ''}: ${pounds(line.unitAmount * line.quantity)}</li>`,
    )
    .join('\n');
  const cancel = session.cancel_url ? `<a href="${escapeHtml(session.cancel_url)}">Cancel</a>` : '';
  return page(`<p>Pay <strong data-amount>${amount}</strong></p>
<ul>
${items}
</ul>
<form method="post" action="/pay/${encodeURIComponent(session.id)}"><button type="submit">Pay</button></form>
${cancel}`);
}

export const notFoundPage = () => page('<p>No such checkout.</p>');
