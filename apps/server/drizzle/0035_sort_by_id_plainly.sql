DROP INDEX "stores_products_site_updated_idx";--> statement-breakpoint
DROP INDEX "stores_products_site_name_idx";--> statement-breakpoint
DROP INDEX "stores_products_site_price_idx";--> statement-breakpoint
CREATE INDEX "stores_products_site_updated_idx" ON "stores_products" USING btree ("site_id","updated_date" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "stores_products_site_name_idx" ON "stores_products" USING btree ("site_id","name" COLLATE "C" NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "stores_products_site_price_idx" ON "stores_products" USING btree ("site_id","min_price" NULLS FIRST,"id");