CREATE TABLE "data_collections" (
	"site_id" uuid NOT NULL,
	"id" text NOT NULL,
	"display_name" text,
	"collection_type" text DEFAULT 'NATIVE' NOT NULL,
	"display_field" text,
	"fields" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"permissions" jsonb NOT NULL,
	"default_display_order" jsonb,
	"max_page_size" integer,
	"revision" integer DEFAULT 1 NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_date" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "data_collections_site_id_id_pk" PRIMARY KEY("site_id","id")
);
--> statement-breakpoint
CREATE TABLE "data_indexes" (
	"site_id" uuid NOT NULL,
	"collection_id" text NOT NULL,
	"name" text NOT NULL,
	"sql_name" text NOT NULL,
	"fields" jsonb NOT NULL,
	"is_unique" boolean DEFAULT false NOT NULL,
	"case_insensitive" boolean DEFAULT false NOT NULL,
	"status" text NOT NULL,
	"failure" jsonb,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "data_indexes_site_id_collection_id_name_pk" PRIMARY KEY("site_id","collection_id","name"),
	CONSTRAINT "data_indexes_sql_name_unique" UNIQUE("sql_name")
);
--> statement-breakpoint
CREATE TABLE "data_items" (
	"site_id" uuid NOT NULL,
	"collection_id" text NOT NULL,
	"item_id" text NOT NULL,
	"data" jsonb NOT NULL,
	"owner" text,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_date" timestamp with time zone DEFAULT now() NOT NULL,
	"search" "tsvector" GENERATED ALWAYS AS (jsonb_to_tsvector('simple'::regconfig, data, '["string"]'::jsonb)) STORED,
	CONSTRAINT "data_items_site_id_collection_id_item_id_pk" PRIMARY KEY("site_id","collection_id","item_id")
);
--> statement-breakpoint
CREATE TABLE "data_references" (
	"site_id" uuid NOT NULL,
	"collection_id" text NOT NULL,
	"field_key" text NOT NULL,
	"referring_item_id" text NOT NULL,
	"referenced_item_id" text NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "data_references_site_id_collection_id_field_key_referring_item_id_referenced_item_id_pk" PRIMARY KEY("site_id","collection_id","field_key","referring_item_id","referenced_item_id")
);
--> statement-breakpoint
ALTER TABLE "data_collections" ADD CONSTRAINT "data_collections_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "data_items_data_gin" ON "data_items" USING gin ("data" jsonb_path_ops);--> statement-breakpoint
CREATE INDEX "data_items_search_gin" ON "data_items" USING gin ("search");--> statement-breakpoint
CREATE INDEX "data_items_search_trgm" ON "data_items" USING gin (("search"::text) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "data_items_created" ON "data_items" USING btree ("site_id","collection_id","created_date");--> statement-breakpoint
CREATE INDEX "data_references_referenced" ON "data_references" USING btree ("site_id","referenced_item_id");