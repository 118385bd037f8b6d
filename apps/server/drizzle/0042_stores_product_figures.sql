CREATE TABLE "stores_figures_queue" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "stores_figures_queue_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"site_id" uuid NOT NULL,
	"product_id" uuid NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stores_product_figures" (
	"site_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"variants" integer NOT NULL,
	"in_stock" integer NOT NULL,
	"quantity" integer NOT NULL,
	"min_price" text,
	"max_price" text,
	"min_cost" text,
	"max_cost" text,
	"min_weight" text,
	"max_weight" text,
	"choices_in_stock" text,
	"computed_at" timestamp with time zone NOT NULL,
	"valid_until" timestamp with time zone,
	CONSTRAINT "stores_product_figures_site_id_product_id_pk" PRIMARY KEY("site_id","product_id")
);
--> statement-breakpoint
CREATE INDEX "stores_figures_queue_product_idx" ON "stores_figures_queue" USING btree ("site_id","product_id");--> statement-breakpoint
-- The figures upkeep (stores README, "Figures kept per product"): every write that can change what a list
-- answer shows of a product's variants queues the product in the writing transaction. Plain inserts: no
-- writer waits on another here. Statement triggers with transition tables, so a bulk import of 500,000
-- variants queues each product once per statement, not once per row.
CREATE FUNCTION stores_figures_queue_products() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    INSERT INTO stores_figures_queue (site_id, product_id) SELECT DISTINCT site_id, product_id FROM old_rows;
  ELSE
    INSERT INTO stores_figures_queue (site_id, product_id) SELECT DISTINCT site_id, product_id FROM new_rows;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER stores_figures_variants_insert AFTER INSERT ON stores_variants
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stores_figures_queue_products();
--> statement-breakpoint
CREATE TRIGGER stores_figures_variants_update AFTER UPDATE ON stores_variants
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stores_figures_queue_products();
--> statement-breakpoint
CREATE TRIGGER stores_figures_variants_delete AFTER DELETE ON stores_variants
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION stores_figures_queue_products();
--> statement-breakpoint
CREATE TRIGGER stores_figures_items_insert AFTER INSERT ON stores_inventory_items
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stores_figures_queue_products();
--> statement-breakpoint
CREATE TRIGGER stores_figures_items_update AFTER UPDATE ON stores_inventory_items
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stores_figures_queue_products();
--> statement-breakpoint
CREATE TRIGGER stores_figures_items_delete AFTER DELETE ON stores_inventory_items
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION stores_figures_queue_products();
--> statement-breakpoint
-- A product's own price, cost and weight are its variants' defaults.
CREATE FUNCTION stores_figures_queue_product() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO stores_figures_queue (site_id, product_id) VALUES (NEW.site_id, NEW.id);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER stores_figures_product_update AFTER UPDATE OF price, cost, weight ON stores_products
FOR EACH ROW WHEN (OLD.price IS DISTINCT FROM NEW.price OR OLD.cost IS DISTINCT FROM NEW.cost
  OR OLD.weight IS DISTINCT FROM NEW.weight)
EXECUTE FUNCTION stores_figures_queue_product();
--> statement-breakpoint
-- The stores' capacities and holds are keyed `stores.inventory:<item id>` and `stores.preorder:<item id>`
-- (stock.ts); other keys (bookings' and others') are left alone.
CREATE FUNCTION stores_stock_key_item(key text) RETURNS uuid LANGUAGE sql IMMUTABLE AS $$
  SELECT substring(key from '^stores\.(?:inventory|preorder):([0-9a-f-]{36})$')::uuid
$$;
--> statement-breakpoint
CREATE FUNCTION stores_figures_queue_stock() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    INSERT INTO stores_figures_queue (site_id, product_id)
    SELECT DISTINCT item.site_id, item.product_id
    FROM old_rows AS changed JOIN stores_inventory_items AS item
      ON item.id = stores_stock_key_item(changed.key) AND item.site_id = changed.site_id
    WHERE changed.key LIKE 'stores.%';
  ELSE
    INSERT INTO stores_figures_queue (site_id, product_id)
    SELECT DISTINCT item.site_id, item.product_id
    FROM new_rows AS changed JOIN stores_inventory_items AS item
      ON item.id = stores_stock_key_item(changed.key) AND item.site_id = changed.site_id
    WHERE changed.key LIKE 'stores.%';
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION stores_figures_queue_holds() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    INSERT INTO stores_figures_queue (site_id, product_id)
    SELECT DISTINCT item.site_id, item.product_id
    FROM old_rows AS changed JOIN stores_inventory_items AS item
      ON item.id = stores_stock_key_item(changed.capacity_key) AND item.site_id = changed.site_id
    WHERE changed.capacity_key LIKE 'stores.%';
  ELSE
    INSERT INTO stores_figures_queue (site_id, product_id)
    SELECT DISTINCT item.site_id, item.product_id
    FROM new_rows AS changed JOIN stores_inventory_items AS item
      ON item.id = stores_stock_key_item(changed.capacity_key) AND item.site_id = changed.site_id
    WHERE changed.capacity_key LIKE 'stores.%';
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER stores_figures_capacities_insert AFTER INSERT ON platform_hold_capacities
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stores_figures_queue_stock();
--> statement-breakpoint
CREATE TRIGGER stores_figures_capacities_update AFTER UPDATE ON platform_hold_capacities
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stores_figures_queue_stock();
--> statement-breakpoint
CREATE TRIGGER stores_figures_capacities_delete AFTER DELETE ON platform_hold_capacities
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION stores_figures_queue_stock();
--> statement-breakpoint
CREATE TRIGGER stores_figures_holds_insert AFTER INSERT ON platform_holds
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stores_figures_queue_holds();
--> statement-breakpoint
CREATE TRIGGER stores_figures_holds_update AFTER UPDATE ON platform_holds
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stores_figures_queue_holds();
--> statement-breakpoint
CREATE TRIGGER stores_figures_holds_delete AFTER DELETE ON platform_holds
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION stores_figures_queue_holds();
--> statement-breakpoint
-- Products that exist already get their figures at the upkeep's first run.
INSERT INTO stores_figures_queue (site_id, product_id) SELECT site_id, id FROM stores_products;
