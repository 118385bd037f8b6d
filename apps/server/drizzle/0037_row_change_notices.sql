-- Rows that server processes keep in memory (API keys, data collections, sites and their hosts) announce their committed changes (platform/db/row-changes.ts):
-- every process listens on atrium_row_changes and forgets the row named '<table>:<key>', whoever changed it.
CREATE OR REPLACE FUNCTION atrium_announce_row_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed jsonb := to_jsonb(CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END);
  key text;
BEGIN
  SELECT string_agg(changed ->> name, '/' ORDER BY position) INTO key
    FROM unnest(TG_ARGV) WITH ORDINALITY AS key_columns(name, position);
  PERFORM pg_notify('atrium_row_changes', TG_TABLE_NAME || ':' || key);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER api_keys_announce_change AFTER INSERT OR UPDATE OR DELETE ON api_keys
  FOR EACH ROW EXECUTE FUNCTION atrium_announce_row_change('id');
--> statement-breakpoint
CREATE TRIGGER data_collections_announce_change AFTER INSERT OR UPDATE OR DELETE ON data_collections
  FOR EACH ROW EXECUTE FUNCTION atrium_announce_row_change('site_id', 'id');
--> statement-breakpoint
CREATE TRIGGER sites_announce_change AFTER INSERT OR UPDATE OR DELETE ON sites
  FOR EACH ROW EXECUTE FUNCTION atrium_announce_row_change('id');
--> statement-breakpoint
CREATE TRIGGER site_hosts_announce_change AFTER INSERT OR UPDATE OR DELETE ON site_hosts
  FOR EACH ROW EXECUTE FUNCTION atrium_announce_row_change('host');
