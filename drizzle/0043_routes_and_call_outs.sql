CREATE TABLE "postcode_places" (
	"postcode" text PRIMARY KEY NOT NULL,
	"district" text NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"looked_up_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "postcode_places_latitude_check" CHECK ("postcode_places"."latitude" between -90 and 90),
	CONSTRAINT "postcode_places_longitude_check" CHECK ("postcode_places"."longitude" between -180 and 180)
);
--> statement-breakpoint
CREATE TABLE "route_days" (
	"date" date NOT NULL,
	"van" text NOT NULL,
	"version" integer NOT NULL,
	CONSTRAINT "route_days_date_van_pk" PRIMARY KEY("date","van")
);
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "latitude" double precision;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "longitude" double precision;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "route_van" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "route_position" integer;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "call_out_pence" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "postcode_places_district_idx" ON "postcode_places" USING btree ("district");--> statement-breakpoint
CREATE INDEX "postcode_places_looked_up_idx" ON "postcode_places" USING btree ("looked_up_at");