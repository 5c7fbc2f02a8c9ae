ALTER TABLE "invoices" ADD COLUMN "customer_email" text;--> statement-breakpoint
CREATE INDEX "invoices_customer_email_idx" ON "invoices" USING btree ("customer_email");--> statement-breakpoint
CREATE INDEX "invoices_kept_details_idx" ON "invoices" USING btree ("issued_at") WHERE "invoices"."erased_at" is null;--> statement-breakpoint
-- Each invoice's own copy of its customer's address, for finding it once its booking and enquiry
-- are gone: as invoiced, else its booking's. Invoices whose details were already removed stay
-- without one.
UPDATE "invoices" SET "customer_email" = lower(coalesce(
  nullif("invoices"."document" -> 'customer' ->> 'email', ''),
  (SELECT "bookings"."email" FROM "bookings" WHERE "bookings"."id" = "invoices"."booking_id")
)) WHERE "invoices"."erased_at" IS NULL;
