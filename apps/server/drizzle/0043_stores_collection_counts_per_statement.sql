-- Inserts and deletes of products move the collection counters once per statement, not once per product
-- (migration 0027 did it per row): a bulk insert of 50,000 products updated the site's "All products" row and
-- a collection's row 100,000 times in one transaction, each update a new row version no one could prune
-- before the commit, and every later read of a counter walked the thousands of dead versions left behind
-- (a counter lookup took 1-4 ms instead of 0.1 until a vacuum). Now each statement sums its rows per collection
-- from its transition table and updates each counter once, in collection-id order as before. Updates of a
-- product's collections or visibility stay per row (one product at a time, and a transition table cannot
-- name the columns that fire it).
DROP TRIGGER stores_collection_counts_sync ON stores_products;
--> statement-breakpoint
CREATE TRIGGER stores_collection_counts_sync
AFTER UPDATE OF collection_ids, visible ON stores_products
FOR EACH ROW EXECUTE FUNCTION stores_collection_counts_sync();
--> statement-breakpoint
CREATE FUNCTION stores_collection_counts_sync_statement() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  sign int := CASE TG_OP WHEN 'INSERT' THEN 1 ELSE -1 END;
BEGIN
  -- Both triggers name their transition table changed_products: the inserted rows or the deleted ones.
  INSERT INTO stores_collection_counts AS counts (site_id, collection_id, products, visible_products)
  SELECT changed.site_id, c, sign * count(*)::int, sign * (count(*) FILTER (WHERE changed.visible))::int
  FROM changed_products AS changed
  CROSS JOIN LATERAL unnest(array_append(changed.collection_ids, '00000000-0000-0000-0000-000000000000'::uuid)) AS c
  GROUP BY changed.site_id, c
  ORDER BY changed.site_id, c
  ON CONFLICT (site_id, collection_id) DO UPDATE
    SET products = counts.products + excluded.products,
        visible_products = counts.visible_products + excluded.visible_products;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER stores_collection_counts_inserted
AFTER INSERT ON stores_products
REFERENCING NEW TABLE AS changed_products
FOR EACH STATEMENT EXECUTE FUNCTION stores_collection_counts_sync_statement();
--> statement-breakpoint
CREATE TRIGGER stores_collection_counts_deleted
AFTER DELETE ON stores_products
REFERENCING OLD TABLE AS changed_products
FOR EACH STATEMENT EXECUTE FUNCTION stores_collection_counts_sync_statement();
