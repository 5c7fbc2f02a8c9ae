CREATE TABLE "site_content_revisions" (
	"id" serial PRIMARY KEY NOT NULL,
	"version" integer NOT NULL,
	"content" jsonb NOT NULL,
	"summary" text NOT NULL,
	"author_id" integer,
	"author_name" text,
	"restored_from" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "site_content_revisions_version_unique" UNIQUE("version")
);
--> statement-breakpoint
ALTER TABLE "site_content_revisions" ADD CONSTRAINT "site_content_revisions_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- A publication changes what the public pages show: announce it like a change of pictures
-- (migration 0005), so that every server process reloads the content and drops its cached pages.
CREATE TRIGGER site_content_revisions_site_content_changed
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON site_content_revisions
  FOR EACH STATEMENT EXECUTE FUNCTION notify_site_content_changed();
