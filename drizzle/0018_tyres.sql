CREATE TABLE "tyre_imports" (
	"id" serial PRIMARY KEY NOT NULL,
	"supplier_id" integer,
	"file_name" text NOT NULL,
	"full" boolean DEFAULT true NOT NULL,
	"status" text DEFAULT 'running' NOT NULL,
	"rows" integer DEFAULT 0 NOT NULL,
	"imported" integer DEFAULT 0 NOT NULL,
	"rejected" integer DEFAULT 0 NOT NULL,
	"withdrawn" integer DEFAULT 0 NOT NULL,
	"errors" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"failure" text,
	"started_by" text,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "tyre_imports_status_check" CHECK ("tyre_imports"."status" in ('running', 'done', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "tyre_suppliers" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"mapping" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tyre_suppliers_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "tyres" (
	"id" serial PRIMARY KEY NOT NULL,
	"ean" text,
	"brand" text NOT NULL,
	"pattern" text NOT NULL,
	"width" integer NOT NULL,
	"profile" integer NOT NULL,
	"rim" integer NOT NULL,
	"load_index" integer NOT NULL,
	"speed_rating" text NOT NULL,
	"season" text DEFAULT 'summer' NOT NULL,
	"run_flat" boolean DEFAULT false NOT NULL,
	"extra_load" boolean DEFAULT false NOT NULL,
	"fuel" text,
	"wet" text,
	"noise_db" integer,
	"noise_class" text,
	"snow" boolean DEFAULT false NOT NULL,
	"ice" boolean DEFAULT false NOT NULL,
	"cost_pence" integer NOT NULL,
	"stock" integer DEFAULT 0 NOT NULL,
	"reserved" integer DEFAULT 0 NOT NULL,
	"reserve_granted" integer DEFAULT 0 NOT NULL,
	"supplier_stock" integer DEFAULT 0 NOT NULL,
	"lead_days" integer DEFAULT 1 NOT NULL,
	"price_override_pence" integer,
	"hidden" boolean DEFAULT false NOT NULL,
	"available" boolean DEFAULT true NOT NULL,
	"demo" boolean DEFAULT false NOT NULL,
	"supplier_id" integer,
	"last_import_id" integer,
	"match_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tyres_season_check" CHECK ("tyres"."season" in ('summer', 'winter', 'all-season')),
	CONSTRAINT "tyres_stock_check" CHECK ("tyres"."stock" >= 0),
	CONSTRAINT "tyres_reserved_check" CHECK ("tyres"."reserved" >= 0 and "tyres"."reserved" <= "tyres"."stock"),
	CONSTRAINT "tyres_supplier_stock_check" CHECK ("tyres"."supplier_stock" >= 0),
	CONSTRAINT "tyres_lead_days_check" CHECK ("tyres"."lead_days" >= 0),
	CONSTRAINT "tyres_cost_check" CHECK ("tyres"."cost_pence" >= 0),
	CONSTRAINT "tyres_fuel_check" CHECK ("tyres"."fuel" in ('A', 'B', 'C', 'D', 'E')),
	CONSTRAINT "tyres_wet_check" CHECK ("tyres"."wet" in ('A', 'B', 'C', 'D', 'E')),
	CONSTRAINT "tyres_noise_class_check" CHECK ("tyres"."noise_class" in ('A', 'B', 'C'))
);
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "tyre_id" integer;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "tyre_quantity" integer;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "tyre_text" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "tyre_price_pence" integer;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "total_pence" integer;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "tyre_source" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "tyres_ordered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tyre_imports" ADD CONSTRAINT "tyre_imports_supplier_id_tyre_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."tyre_suppliers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tyres" ADD CONSTRAINT "tyres_supplier_id_tyre_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."tyre_suppliers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tyre_imports_started_at_idx" ON "tyre_imports" USING btree ("started_at");--> statement-breakpoint
CREATE UNIQUE INDEX "tyres_ean_idx" ON "tyres" USING btree ("ean") WHERE "tyres"."ean" is not null;--> statement-breakpoint
CREATE INDEX "tyres_size_idx" ON "tyres" USING btree ("width","profile","rim");--> statement-breakpoint
CREATE INDEX "tyres_match_key_idx" ON "tyres" USING btree ("match_key");--> statement-breakpoint
CREATE INDEX "tyres_brand_idx" ON "tyres" USING btree (lower("brand"));--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_tyre_id_tyres_id_fk" FOREIGN KEY ("tyre_id") REFERENCES "public"."tyres"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bookings_tyre_idx" ON "bookings" USING btree ("tyre_id");--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_tyre_source_check" CHECK ("bookings"."tyre_source" in ('stock', 'supplier'));--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_tyre_quantity_check" CHECK (("bookings"."tyre_id" is null) = ("bookings"."tyre_quantity" is null) and "bookings"."tyre_quantity" between 1 and 6);--> statement-breakpoint
-- A booking's tyres from own stock are reserved by the statement that stores it. They go back
-- when the booking stops needing them (cancelled, a no-show, or deleted before it happened:
-- by staff, with its enquiry, by the retention purge or an erasure), and leave the shelf when
-- the job is completed. Tyres to be ordered from the supplier were never reserved.
CREATE FUNCTION settle_booking_tyres() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.tyre_id IS NULL OR OLD.tyre_source <> 'stock' OR OLD.status NOT IN ('booked', 'confirmed') THEN
    RETURN NULL;
  END IF;
  IF TG_OP = 'DELETE' OR NEW.status IN ('cancelled', 'no-show') THEN
    UPDATE tyres SET reserved = reserved - OLD.tyre_quantity, updated_at = now() WHERE id = OLD.tyre_id;
  ELSIF NEW.status = 'completed' THEN
    UPDATE tyres SET stock = stock - OLD.tyre_quantity, reserved = reserved - OLD.tyre_quantity,
      updated_at = now()
    WHERE id = OLD.tyre_id;
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER bookings_settle_tyres AFTER UPDATE OF status OR DELETE ON "bookings"
  FOR EACH ROW EXECUTE FUNCTION settle_booking_tyres();
