CREATE TABLE "stores_collection_counts" (
	"site_id" uuid NOT NULL,
	"collection_id" uuid NOT NULL,
	"products" integer DEFAULT 0 NOT NULL,
	"visible_products" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "stores_collection_counts_site_id_collection_id_pk" PRIMARY KEY("site_id","collection_id")
);
--> statement-breakpoint
-- Keeps stores_collection_counts in step with every insert, delete and change of collections or visibility
-- of a product, in the same transaction. Collections are counted in id order so two writers never lock two
-- counter rows in opposite orders; the nil collection id is the site's "All products".
CREATE FUNCTION stores_collection_counts_sync() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND NEW.collection_ids = OLD.collection_ids AND NEW.visible = OLD.visible THEN
    RETURN NULL;
  END IF;
  INSERT INTO stores_collection_counts AS counts (site_id, collection_id, products, visible_products)
  SELECT change.site_id, change.collection_id, sum(change.products)::int, sum(change.visible_products)::int
  FROM (
    SELECT OLD.site_id AS site_id, c AS collection_id, -1 AS products, CASE WHEN OLD.visible THEN -1 ELSE 0 END AS visible_products
    FROM unnest(array_append(OLD.collection_ids, '00000000-0000-0000-0000-000000000000'::uuid)) AS c
    WHERE TG_OP IN ('UPDATE', 'DELETE')
    UNION ALL
    SELECT NEW.site_id, c, 1, CASE WHEN NEW.visible THEN 1 ELSE 0 END
    FROM unnest(array_append(NEW.collection_ids, '00000000-0000-0000-0000-000000000000'::uuid)) AS c
    WHERE TG_OP IN ('UPDATE', 'INSERT')
  ) AS change
  GROUP BY change.site_id, change.collection_id
  HAVING sum(change.products) <> 0 OR sum(change.visible_products) <> 0
  ORDER BY change.collection_id
  ON CONFLICT (site_id, collection_id) DO UPDATE
    SET products = counts.products + excluded.products,
        visible_products = counts.visible_products + excluded.visible_products;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER stores_collection_counts_sync
AFTER INSERT OR DELETE OR UPDATE OF collection_ids, visible ON stores_products
FOR EACH ROW EXECUTE FUNCTION stores_collection_counts_sync();
