CREATE TABLE "tyre_holds" (
	"holder" text NOT NULL,
	"booking_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	CONSTRAINT "tyre_holds_holder_booking_id_pk" PRIMARY KEY("holder","booking_id"),
	CONSTRAINT "tyre_holds_quantity_check" CHECK ("tyre_holds"."quantity" > 0)
);
--> statement-breakpoint
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
ALTER TABLE "tyre_holds" ADD CONSTRAINT "tyre_holds_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tyre_stock_movements" ADD CONSTRAINT "tyre_stock_movements_tyre_id_tyres_id_fk" FOREIGN KEY ("tyre_id") REFERENCES "public"."tyres"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tyre_stock_movements" ADD CONSTRAINT "tyre_stock_movements_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tyre_stock_movements" ADD CONSTRAINT "tyre_stock_movements_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tyre_holds_booking_idx" ON "tyre_holds" USING btree ("booking_id");--> statement-breakpoint
CREATE INDEX "tyre_stock_movements_tyre_idx" ON "tyre_stock_movements" USING btree ("tyre_id","occurred_at");--> statement-breakpoint
-- A booking's holds go as soon as it stops holding tyres from stock while not yet confirmed:
-- confirmed, cancelled, completed or a no-show, or its tyres released to be ordered.
CREATE FUNCTION end_tyre_holds() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.status <> 'booked' OR NEW.tyre_source IS DISTINCT FROM 'stock' THEN
    DELETE FROM tyre_holds WHERE booking_id = NEW.id;
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER bookings_end_tyre_holds AFTER UPDATE OF status, tyre_source ON "bookings"
  FOR EACH ROW EXECUTE FUNCTION end_tyre_holds();--> statement-breakpoint
-- The bookings not yet confirmed that hold tyres from stock already are held under their e-mail
-- address, phone number and registration (normalised as common/bookings/holds.ts does); their
-- client was not kept.
INSERT INTO "tyre_holds" ("holder", "booking_id", "quantity")
SELECT holder, "id", "tyre_quantity" FROM "bookings"
  CROSS JOIN LATERAL (VALUES
    ('email:' || lower(trim("email"))),
    ('phone:' || CASE
      WHEN regexp_replace("phone", '\D', '', 'g') ~ '^(00)?44\d'
        THEN '0' || regexp_replace(regexp_replace(regexp_replace("phone", '\D', '', 'g'), '^(00)?44', ''), '^0', '')
      ELSE regexp_replace("phone", '\D', '', 'g')
    END),
    ('registration:' || upper(regexp_replace("registration", '[\s-]+', '', 'g')))
  ) AS holders (holder)
WHERE "status" = 'booked' AND "tyre_source" = 'stock' AND "tyre_quantity" IS NOT NULL
ON CONFLICT DO NOTHING;
