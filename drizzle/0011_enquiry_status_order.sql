DROP INDEX "enquiries_status_id_idx";--> statement-breakpoint
CREATE INDEX "enquiries_status_id_idx" ON "enquiries" USING btree ("status","id");