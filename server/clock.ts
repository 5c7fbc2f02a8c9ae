/**
 * The product's clock. Everything the product dates (enquiry and booking references, invoice
 * dates, reminders, holds on stock, retention) reads the time through the one clock the server is
 * started with, never the database server's `now()`: tests set it, and the dates a statement
 * writes are the dates the code before it reasoned about. The database's own time is left to
 * what dates nothing anyone reads (the outbox's retries, locks).
 */
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();
