-- A collection's user indexes are kept in memory too (the query engine reads one in order when a query's equality and sort fit it):
-- every change announces '<site id>/<collection id>' on atrium_row_changes, as the collections themselves do (0037).
CREATE TRIGGER data_indexes_announce_change AFTER INSERT OR UPDATE OR DELETE ON data_indexes
  FOR EACH ROW EXECUTE FUNCTION atrium_announce_row_change('site_id', 'collection_id');
