-- Every committed change to what the staff's kept reads are made of announces itself on the
-- channel staff_data_changed, whichever process or tool made it, with the name of what changed
-- as its payload: 'sessions' (a session ended or an account changed) or 'jobs' (a booking, a
-- job, a payment, a photo or an invoice). Each server process listens and forgets what it kept
-- of it (server/db/staff-data.ts). Identical payloads of one transaction are sent once.
CREATE FUNCTION notify_staff_data_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('staff_data_changed', TG_ARGV[0]);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- Using a session moves its last_seen_at on, which changes nothing kept: not announced.
CREATE TRIGGER sessions_staff_data_changed
  AFTER DELETE OR TRUNCATE OR UPDATE OF token_hash, user_id, stage, expires_at ON sessions
  FOR EACH STATEMENT EXECUTE FUNCTION notify_staff_data_changed('sessions');
--> statement-breakpoint
CREATE TRIGGER users_staff_data_changed
  AFTER UPDATE OR DELETE OR TRUNCATE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION notify_staff_data_changed('sessions');
--> statement-breakpoint
-- Owners' security settings: whether an account must set up two-factor sign-in first.
CREATE TRIGGER app_meta_staff_data_changed
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON app_meta
  FOR EACH STATEMENT EXECUTE FUNCTION notify_staff_data_changed('sessions');
--> statement-breakpoint
-- A fitter's name shows on their jobs.
CREATE TRIGGER users_jobs_changed
  AFTER UPDATE OF username OR DELETE OR TRUNCATE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION notify_staff_data_changed('jobs');
--> statement-breakpoint
CREATE TRIGGER bookings_jobs_changed
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON bookings
  FOR EACH STATEMENT EXECUTE FUNCTION notify_staff_data_changed('jobs');
--> statement-breakpoint
CREATE TRIGGER jobs_jobs_changed
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON jobs
  FOR EACH STATEMENT EXECUTE FUNCTION notify_staff_data_changed('jobs');
--> statement-breakpoint
CREATE TRIGGER payments_jobs_changed
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON payments
  FOR EACH STATEMENT EXECUTE FUNCTION notify_staff_data_changed('jobs');
--> statement-breakpoint
CREATE TRIGGER job_files_jobs_changed
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON job_files
  FOR EACH STATEMENT EXECUTE FUNCTION notify_staff_data_changed('jobs');
--> statement-breakpoint
CREATE TRIGGER invoices_jobs_changed
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON invoices
  FOR EACH STATEMENT EXECUTE FUNCTION notify_staff_data_changed('jobs');
--> statement-breakpoint
-- A vehicle's history is read by its registration, newest first: one index gives both, whether
-- or not the planner has statistics (the embedded database gathers none by itself).
DROP INDEX "bookings_registration_idx";--> statement-breakpoint
CREATE INDEX "bookings_registration_idx" ON "bookings" USING btree ("registration","date","start_time");