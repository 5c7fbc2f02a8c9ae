CREATE TABLE "tyre_sources" (
	"id" serial PRIMARY KEY NOT NULL,
	"tyre_id" integer NOT NULL,
	"supplier_id" integer,
	"part_number" text,
	"cost_pence" integer NOT NULL,
	"stock" integer DEFAULT 0 NOT NULL,
	"lead_days" integer DEFAULT 1 NOT NULL,
	"last_import_id" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tyre_sources_tyre_supplier_key" UNIQUE NULLS NOT DISTINCT("tyre_id","supplier_id"),
	CONSTRAINT "tyre_sources_stock_check" CHECK ("tyre_sources"."stock" >= 0),
	CONSTRAINT "tyre_sources_cost_check" CHECK ("tyre_sources"."cost_pence" >= 0),
	CONSTRAINT "tyre_sources_lead_days_check" CHECK ("tyre_sources"."lead_days" >= 0)
);
--> statement-breakpoint
ALTER TABLE "tyres" ADD COLUMN "load_index_dual" integer;--> statement-breakpoint
ALTER TABLE "tyre_sources" ADD CONSTRAINT "tyre_sources_tyre_id_tyres_id_fk" FOREIGN KEY ("tyre_id") REFERENCES "public"."tyres"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tyre_sources" ADD CONSTRAINT "tyre_sources_supplier_id_tyre_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."tyre_suppliers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tyre_sources_supplier_idx" ON "tyre_sources" USING btree ("supplier_id");--> statement-breakpoint
-- Of imports left running together, the latest keeps running (it gives way after ten minutes if its server stopped).
UPDATE "tyre_imports" SET "status" = 'failed', "failure" = 'The server stopped before the import finished.', "finished_at" = now()
WHERE "status" = 'running' AND "id" <> (SELECT max("id") FROM "tyre_imports" WHERE "status" = 'running');--> statement-breakpoint
CREATE UNIQUE INDEX "tyre_imports_one_running_idx" ON "tyre_imports" USING btree ("status") WHERE "tyre_imports"."status" = 'running';--> statement-breakpoint
ALTER TABLE "tyres" ADD CONSTRAINT "tyres_load_index_dual_check" CHECK ("tyres"."load_index_dual" is null or "tyres"."load_index_dual" < "tyres"."load_index");--> statement-breakpoint
-- Each imported tyre's list so far is its one source.
INSERT INTO "tyre_sources" ("tyre_id", "supplier_id", "cost_pence", "stock", "lead_days", "last_import_id")
SELECT "id", "supplier_id", "cost_pence", "supplier_stock", "lead_days", "last_import_id"
FROM "tyres" WHERE "last_import_id" IS NOT NULL AND NOT "demo";