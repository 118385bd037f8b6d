CREATE TABLE "stores_brands" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"site_id" uuid NOT NULL,
	"name" text NOT NULL,
	"revision" integer DEFAULT 1 NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stores_collections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"site_id" uuid NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"description" text,
	"visible" boolean DEFAULT true NOT NULL,
	"media" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"revision" integer DEFAULT 1 NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stores_customizations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"site_id" uuid NOT NULL,
	"name" text NOT NULL,
	"customization_type" text NOT NULL,
	"render_type" text NOT NULL,
	"doc" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"revision" integer DEFAULT 1 NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stores_info_sections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"site_id" uuid NOT NULL,
	"unique_name" text NOT NULL,
	"title" text NOT NULL,
	"doc" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"revision" integer DEFAULT 1 NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stores_inventory_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"site_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"variant_id" uuid NOT NULL,
	"track_quantity" boolean DEFAULT false NOT NULL,
	"in_stock" boolean DEFAULT true NOT NULL,
	"preorder_enabled" boolean DEFAULT false NOT NULL,
	"preorder_message" text,
	"preorder_limit" integer,
	"revision" integer DEFAULT 1 NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stores_products" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"site_id" uuid NOT NULL,
	"numeric_id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "stores_products_numeric_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"visible" boolean DEFAULT true NOT NULL,
	"product_type" text DEFAULT 'physical' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"sku" text,
	"weight" numeric,
	"price" numeric DEFAULT '0' NOT NULL,
	"cost" numeric,
	"discount_type" text DEFAULT 'NONE' NOT NULL,
	"discount_value" numeric DEFAULT '0' NOT NULL,
	"min_price" numeric DEFAULT '0' NOT NULL,
	"max_price" numeric DEFAULT '0' NOT NULL,
	"manage_variants" boolean DEFAULT false NOT NULL,
	"track_inventory" boolean DEFAULT false NOT NULL,
	"collection_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"brand_id" uuid,
	"ribbon_id" uuid,
	"options" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"media" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"doc" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"revision" integer DEFAULT 1 NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_date" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stores_products_price_nonnegative" CHECK ("stores_products"."price" >= 0)
);
--> statement-breakpoint
CREATE TABLE "stores_ribbons" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"site_id" uuid NOT NULL,
	"name" text NOT NULL,
	"revision" integer DEFAULT 1 NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stores_variants" (
	"site_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"position" integer NOT NULL,
	"choices" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"price" numeric,
	"actual_price" numeric,
	"cost" numeric,
	"weight" numeric,
	"sku" text,
	"barcode" text,
	"visible" boolean DEFAULT true NOT NULL,
	"media_id" text,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_date" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stores_variants_product_id_id_pk" PRIMARY KEY("product_id","id")
);
--> statement-breakpoint
ALTER TABLE "stores_inventory_items" ADD CONSTRAINT "stores_inventory_items_product_id_stores_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."stores_products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stores_variants" ADD CONSTRAINT "stores_variants_product_id_stores_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."stores_products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "stores_brands_name_idx" ON "stores_brands" USING btree ("site_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "stores_collections_slug_idx" ON "stores_collections" USING btree ("site_id","slug");--> statement-breakpoint
CREATE INDEX "stores_collections_site_name_idx" ON "stores_collections" USING btree ("site_id","name" COLLATE "C","id");--> statement-breakpoint
CREATE INDEX "stores_customizations_site_idx" ON "stores_customizations" USING btree ("site_id","created_date");--> statement-breakpoint
CREATE UNIQUE INDEX "stores_info_sections_name_idx" ON "stores_info_sections" USING btree ("site_id","unique_name");--> statement-breakpoint
CREATE UNIQUE INDEX "stores_inventory_items_variant_idx" ON "stores_inventory_items" USING btree ("product_id","variant_id");--> statement-breakpoint
CREATE INDEX "stores_inventory_items_site_idx" ON "stores_inventory_items" USING btree ("site_id","product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "stores_products_slug_idx" ON "stores_products" USING btree ("site_id","slug");--> statement-breakpoint
CREATE INDEX "stores_products_site_updated_idx" ON "stores_products" USING btree ("site_id","updated_date","id");--> statement-breakpoint
CREATE INDEX "stores_products_site_name_idx" ON "stores_products" USING btree ("site_id","name" COLLATE "C","id");--> statement-breakpoint
CREATE INDEX "stores_products_site_price_idx" ON "stores_products" USING btree ("site_id","price","id");--> statement-breakpoint
CREATE INDEX "stores_products_numeric_idx" ON "stores_products" USING btree ("site_id","numeric_id");--> statement-breakpoint
CREATE INDEX "stores_products_collections_idx" ON "stores_products" USING gin ("collection_ids");--> statement-breakpoint
CREATE UNIQUE INDEX "stores_ribbons_name_idx" ON "stores_ribbons" USING btree ("site_id","name");--> statement-breakpoint
CREATE INDEX "stores_variants_site_idx" ON "stores_variants" USING btree ("site_id","product_id");