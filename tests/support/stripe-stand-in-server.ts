// The stand-in of Stripe (stripe-stand-in.ts) as a process of its own, for browser journeys:
// `npx tsx tests/support/stripe-stand-in-server.ts`. STAND_IN_PORT (default: any free port),
// WEBHOOK_URL (the product's webhook), and STRIPE_SECRET_KEY / STRIPE_WEBHOOK_SECRET to use the
// keys the product's server is given (default: new ones, printed). Prints
// `stripe stand-in ready <url>` once it listens, then the settings for the product's server.
import { startStripeStandIn } from './stripe-stand-in.ts';

const standIn = await startStripeStandIn({
  port: process.env.STAND_IN_PORT ? Number(process.env.STAND_IN_PORT) : undefined,
  webhookUrl: process.env.WEBHOOK_URL || undefined,
  secretKey: process.env.STRIPE_SECRET_KEY || undefined,
  webhookSecret: process.env.STRIPE_WEBHOOK_SECRET || undefined,
});
process.stdout.write(`stripe stand-in ready ${standIn.url}\n`);
process.stdout.write(
  `${Object.entries(standIn.env())
    .map(([name, value]) => `${name}=${value}`)
    .join(' ')}\n`,
);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void standIn.close().then(() => process.exit(0));
  });
}
