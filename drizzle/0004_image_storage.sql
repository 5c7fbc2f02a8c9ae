DROP INDEX "image_variants_image_width_idx";--> statement-breakpoint
DROP INDEX "image_variants_content_hash_idx";--> statement-breakpoint
DROP INDEX "images_name_idx";--> statement-breakpoint
ALTER TABLE "image_variants" ADD COLUMN "purpose" text DEFAULT 'display' NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "image_variants_image_purpose_width_idx" ON "image_variants" USING btree ("image_id","purpose","width");--> statement-breakpoint
CREATE INDEX "image_variants_content_hash_idx" ON "image_variants" USING btree ("content_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "images_name_idx" ON "images" USING btree ("name");--> statement-breakpoint
ALTER TABLE "images" DROP COLUMN "content_hash";