-- The staff search (part of any field or note, in any case) through trigram indexes: pg_trgm
-- comes with PostgreSQL (a trusted extension: the database's owner may create it) and with
-- PGlite, which loads it at start (server/db/pglite-settings.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
ALTER TABLE "enquiries" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower("enquiries"."name" || E'\x1f' || "enquiries"."email" || E'\x1f' || coalesce("enquiries"."phone", '') || E'\x1f' || coalesce("enquiries"."vehicle", '') || E'\x1f' || "enquiries"."message" || E'\x1f' || coalesce("enquiries"."postcode", '') || E'\x1f' || "enquiries"."reference")) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "enquiries_search_idx" ON "enquiries" USING gin ("search_text" gin_trgm_ops) WITH (gin_pending_list_limit=256);--> statement-breakpoint
CREATE INDEX "enquiry_notes_text_idx" ON "enquiry_notes" USING gin ("text" gin_trgm_ops) WITH (gin_pending_list_limit=256);
