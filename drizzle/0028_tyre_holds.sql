CREATE TABLE "tyre_stock_movements" (
	"id" serial PRIMARY KEY NOT NULL,
	"tyre_id" integer NOT NULL,
	"kind" text NOT NULL,
	"quantity" integer NOT NULL,
	"booking_id" integer,
	"booking_reference" text,
	"actor_id" integer,
	"actor_name" text,
	"reason" text NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	CONSTRAINT "tyre_stock_movements_kind_check" CHECK ("tyre_stock_movements"."kind" in ('hold-released')),
	CONSTRAINT "tyre_stock_movements_quantity_check" CHECK ("tyre_stock_movements"."quantity" > 0)
);
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "holders" text[];--> statement-breakpoint
ALTER TABLE "tyre_stock_movements" ADD CONSTRAINT "tyre_stock_movements_tyre_id_tyres_id_fk" FOREIGN KEY ("tyre_id") REFERENCES "public"."tyres"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tyre_stock_movements" ADD CONSTRAINT "tyre_stock_movements_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tyre_stock_movements" ADD CONSTRAINT "tyre_stock_movements_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tyre_stock_movements_tyre_idx" ON "tyre_stock_movements" USING btree ("tyre_id","occurred_at");--> statement-breakpoint
CREATE INDEX "bookings_holders_idx" ON "bookings" USING gin ("holders") WHERE "bookings"."status" = 'booked' and "bookings"."tyre_source" = 'stock';--> statement-breakpoint
-- The bookings not yet confirmed that hold tyres from stock already are counted under their
-- e-mail address, phone number and registration (normalised as common/bookings/holds.ts does);
-- their client was not kept.
UPDATE "bookings" SET "holders" = ARRAY[
  'email:' || lower(trim("email")),
  'phone:' || CASE
    WHEN regexp_replace("phone", '\D', '', 'g') ~ '^(00)?44\d'
      THEN '0' || regexp_replace(regexp_replace(regexp_replace("phone", '\D', '', 'g'), '^(00)?44', ''), '^0', '')
    ELSE regexp_replace("phone", '\D', '', 'g')
  END,
  'registration:' || upper(regexp_replace("registration", '[\s-]+', '', 'g'))
]
WHERE "status" = 'booked' AND "tyre_source" = 'stock';
