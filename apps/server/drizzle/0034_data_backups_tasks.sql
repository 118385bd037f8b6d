CREATE TABLE "data_backup_collections" (
	"backup_id" uuid NOT NULL,
	"collection_id" text NOT NULL,
	"collection" jsonb NOT NULL,
	"indexes" jsonb NOT NULL,
	CONSTRAINT "data_backup_collections_backup_id_collection_id_pk" PRIMARY KEY("backup_id","collection_id")
);
--> statement-breakpoint
CREATE TABLE "data_backup_items" (
	"backup_id" uuid NOT NULL,
	"collection_id" text NOT NULL,
	"item_id" text NOT NULL,
	"data" jsonb NOT NULL,
	"owner" text,
	"created_date" timestamp with time zone NOT NULL,
	"updated_date" timestamp with time zone NOT NULL,
	CONSTRAINT "data_backup_items_backup_id_collection_id_item_id_pk" PRIMARY KEY("backup_id","collection_id","item_id")
);
--> statement-breakpoint
CREATE TABLE "data_backup_references" (
	"backup_id" uuid NOT NULL,
	"collection_id" text NOT NULL,
	"field_key" text NOT NULL,
	"referring_item_id" text NOT NULL,
	"referenced_item_id" text NOT NULL,
	"created_date" timestamp with time zone NOT NULL,
	CONSTRAINT "data_backup_references_backup_id_collection_id_field_key_referring_item_id_referenced_item_id_pk" PRIMARY KEY("backup_id","collection_id","field_key","referring_item_id","referenced_item_id")
);
--> statement-breakpoint
CREATE TABLE "data_backups" (
	"id" uuid PRIMARY KEY NOT NULL,
	"site_id" uuid NOT NULL,
	"status" text NOT NULL,
	"type" text NOT NULL,
	"collections" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"size_in_bytes" bigint,
	"failure" jsonb,
	"requested_date" timestamp with time zone DEFAULT now() NOT NULL,
	"started_date" timestamp with time zone,
	"finished_date" timestamp with time zone,
	"deleted_date" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "data_restorations" (
	"id" uuid PRIMARY KEY NOT NULL,
	"site_id" uuid NOT NULL,
	"backup_id" uuid NOT NULL,
	"status" text NOT NULL,
	"collections" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"failure" jsonb,
	"requested_date" timestamp with time zone DEFAULT now() NOT NULL,
	"started_date" timestamp with time zone,
	"finished_date" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "data_external_connections" (
	"site_id" uuid NOT NULL,
	"name" text NOT NULL,
	"endpoint" text,
	"configuration" jsonb NOT NULL,
	"status" jsonb NOT NULL,
	"capabilities" jsonb NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_date" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "data_external_connections_site_id_name_pk" PRIMARY KEY("site_id","name")
);
--> statement-breakpoint
CREATE TABLE "data_tasks" (
	"id" uuid PRIMARY KEY NOT NULL,
	"site_id" uuid NOT NULL,
	"type" text NOT NULL,
	"status" text NOT NULL,
	"input" jsonb NOT NULL,
	"site" jsonb NOT NULL,
	"caller" jsonb NOT NULL,
	"estimated_item_count" integer DEFAULT 0 NOT NULL,
	"items_succeeded" integer DEFAULT 0 NOT NULL,
	"items_failed" integer DEFAULT 0 NOT NULL,
	"failures" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"canceled" boolean DEFAULT false NOT NULL,
	"last_item_id" text,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "data_collections" ADD COLUMN "plugins" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "data_collections" ADD COLUMN "special_permissions" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "data_backup_collections" ADD CONSTRAINT "data_backup_collections_backup_id_data_backups_id_fk" FOREIGN KEY ("backup_id") REFERENCES "public"."data_backups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_backup_items" ADD CONSTRAINT "data_backup_items_backup_id_data_backups_id_fk" FOREIGN KEY ("backup_id") REFERENCES "public"."data_backups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_backup_references" ADD CONSTRAINT "data_backup_references_backup_id_data_backups_id_fk" FOREIGN KEY ("backup_id") REFERENCES "public"."data_backups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "data_backups_site" ON "data_backups" USING btree ("site_id","requested_date");--> statement-breakpoint
CREATE INDEX "data_restorations_site" ON "data_restorations" USING btree ("site_id","requested_date");--> statement-breakpoint
CREATE INDEX "data_tasks_site" ON "data_tasks" USING btree ("site_id","created_date");