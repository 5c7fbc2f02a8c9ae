-- Every change to what the public pages show announces itself on the channel
-- site_content_changed when its transaction commits, whichever process or tool made it: each
-- server process listens and drops its cached pages (server/pages/content-changes.ts). The
-- payload is empty, so that PostgreSQL sends one notification per transaction.
CREATE FUNCTION notify_site_content_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('site_content_changed', '');
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER images_site_content_changed
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON images
  FOR EACH STATEMENT EXECUTE FUNCTION notify_site_content_changed();
--> statement-breakpoint
CREATE TRIGGER image_variants_site_content_changed
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON image_variants
  FOR EACH STATEMENT EXECUTE FUNCTION notify_site_content_changed();
