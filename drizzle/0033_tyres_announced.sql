-- Every committed change to the tyre catalogue announces itself on the channel staff_data_changed
-- with the sizes it changed: 'tyres 205/55/16 195/65/15' (width/profile/rim), or 'tyres' alone when
-- a statement changed too many sizes to name in one payload (an import's batch) or emptied the
-- table. Stock and reservations (bookings holding and giving back tyres, jobs taking them off the
-- shelf), prices, the range and what is hidden are all columns of the tyres, so each server process
-- replaces the kept searches of just those sizes (server/tyres/kept-search.ts). Statement triggers
-- with transition tables: one announcement a statement, however many rows it changed, and none for
-- a statement that changed no row.
CREATE FUNCTION notify_tyres_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  sizes text;
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT string_agg(DISTINCT width || '/' || profile || '/' || rim, ' ') INTO sizes FROM new_rows;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT string_agg(DISTINCT width || '/' || profile || '/' || rim, ' ') INTO sizes FROM old_rows;
  ELSE
    SELECT string_agg(DISTINCT width || '/' || profile || '/' || rim, ' ') INTO sizes
      FROM (SELECT width, profile, rim FROM old_rows UNION ALL SELECT width, profile, rim FROM new_rows) changed;
  END IF;
  IF sizes IS NOT NULL THEN
    -- A payload must stay under 8,000 bytes: beyond about 700 sizes, every size.
    PERFORM pg_notify('staff_data_changed', CASE WHEN length(sizes) <= 7000 THEN 'tyres ' || sizes ELSE 'tyres' END);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER tyres_inserted_announced
  AFTER INSERT ON tyres REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION notify_tyres_changed();
--> statement-breakpoint
CREATE TRIGGER tyres_updated_announced
  AFTER UPDATE ON tyres REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION notify_tyres_changed();
--> statement-breakpoint
CREATE TRIGGER tyres_deleted_announced
  AFTER DELETE ON tyres REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION notify_tyres_changed();
--> statement-breakpoint
CREATE TRIGGER tyres_truncated_announced
  AFTER TRUNCATE ON tyres
  FOR EACH STATEMENT EXECUTE FUNCTION notify_staff_data_changed('tyres');
