CREATE TABLE "bookings_categories" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"site_id" uuid NOT NULL,
	"name" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"extended_fields" jsonb,
	"revision" integer DEFAULT 1 NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bookings_booking_policies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"site_id" uuid NOT NULL,
	"name" text,
	"is_default" boolean DEFAULT false NOT NULL,
	"doc" jsonb NOT NULL,
	"revision" integer DEFAULT 1 NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bookings_recurring_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"site_id" uuid NOT NULL,
	"service_id" uuid NOT NULL,
	"schedule_id" uuid NOT NULL,
	"weekday" smallint NOT NULL,
	"start_minute" integer NOT NULL,
	"duration_minutes" integer NOT NULL,
	"capacity" integer NOT NULL,
	"staff_member_id" uuid,
	"start_date" date NOT NULL,
	"end_date" date,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_date" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bookings_recurring_sessions_valid" CHECK ("bookings_recurring_sessions"."weekday" BETWEEN 1 AND 7 AND "bookings_recurring_sessions"."duration_minutes" > 0 AND "bookings_recurring_sessions"."capacity" > 0)
);
--> statement-breakpoint
CREATE TABLE "bookings_resource_types" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"site_id" uuid NOT NULL,
	"name" text NOT NULL,
	"extended_fields" jsonb,
	"revision" integer DEFAULT 1 NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bookings_resources" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"site_id" uuid NOT NULL,
	"name" text NOT NULL,
	"type_id" uuid NOT NULL,
	"schedule_id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"location_options" jsonb,
	"extended_fields" jsonb,
	"revision" integer DEFAULT 1 NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bookings_service_options" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"site_id" uuid NOT NULL,
	"service_id" uuid NOT NULL,
	"options" jsonb NOT NULL,
	"variants" jsonb NOT NULL,
	"revision" integer DEFAULT 1 NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bookings_service_slugs" (
	"site_id" uuid NOT NULL,
	"name" text NOT NULL,
	"service_id" uuid NOT NULL,
	"custom" boolean DEFAULT false NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bookings_service_slugs_site_id_name_pk" PRIMARY KEY("site_id","name")
);
--> statement-breakpoint
CREATE TABLE "bookings_services" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"site_id" uuid NOT NULL,
	"type" text NOT NULL,
	"name" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"default_capacity" integer DEFAULT 1 NOT NULL,
	"hidden" boolean DEFAULT false NOT NULL,
	"category_id" uuid,
	"form_id" uuid,
	"booking_policy_id" uuid NOT NULL,
	"rate_type" text NOT NULL,
	"price" numeric(21, 6),
	"currency" text NOT NULL,
	"online_booking_enabled" boolean DEFAULT true NOT NULL,
	"require_manual_approval" boolean DEFAULT false NOT NULL,
	"duration_minutes" integer DEFAULT 60 NOT NULL,
	"buffer_after_minutes" integer DEFAULT 0 NOT NULL,
	"schedule_id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"first_session_start" timestamp with time zone,
	"last_session_end" timestamp with time zone,
	"staff_member_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"doc" jsonb NOT NULL,
	"revision" integer DEFAULT 1 NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_date" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_date" timestamp with time zone,
	CONSTRAINT "bookings_services_duration_positive" CHECK ("bookings_services"."duration_minutes" > 0)
);
--> statement-breakpoint
CREATE TABLE "bookings_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"site_id" uuid NOT NULL,
	"service_id" uuid NOT NULL,
	"schedule_id" uuid NOT NULL,
	"start_date" timestamp with time zone NOT NULL,
	"end_date" timestamp with time zone NOT NULL,
	"capacity" integer NOT NULL,
	"staff_member_id" uuid,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_date" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bookings_sessions_valid" CHECK ("bookings_sessions"."end_date" > "bookings_sessions"."start_date" AND "bookings_sessions"."capacity" > 0)
);
--> statement-breakpoint
CREATE TABLE "bookings_settings" (
	"site_id" uuid PRIMARY KEY NOT NULL,
	"business_hours" jsonb NOT NULL,
	"revision" integer DEFAULT 1 NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bookings_staff_members" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"site_id" uuid NOT NULL,
	"name" text NOT NULL,
	"email" text,
	"phone" text,
	"description" text,
	"main_media" jsonb,
	"tags" jsonb,
	"extended_fields" jsonb,
	"uses_default_working_hours" boolean DEFAULT true NOT NULL,
	"revision" integer DEFAULT 1 NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bookings_staff_time_off" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"site_id" uuid NOT NULL,
	"staff_member_id" uuid NOT NULL,
	"start_date" timestamp with time zone NOT NULL,
	"end_date" timestamp with time zone NOT NULL,
	"title" text,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bookings_staff_time_off_valid" CHECK ("bookings_staff_time_off"."end_date" > "bookings_staff_time_off"."start_date")
);
--> statement-breakpoint
CREATE TABLE "bookings_staff_working_hours" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"site_id" uuid NOT NULL,
	"staff_member_id" uuid NOT NULL,
	"weekday" smallint NOT NULL,
	"start_minute" integer NOT NULL,
	"end_minute" integer NOT NULL,
	CONSTRAINT "bookings_staff_working_hours_valid" CHECK ("bookings_staff_working_hours"."weekday" BETWEEN 1 AND 7 AND "bookings_staff_working_hours"."start_minute" >= 0 AND "bookings_staff_working_hours"."end_minute" <= 1440 AND "bookings_staff_working_hours"."end_minute" > "bookings_staff_working_hours"."start_minute")
);
--> statement-breakpoint
ALTER TABLE "bookings_recurring_sessions" ADD CONSTRAINT "bookings_recurring_sessions_service_id_bookings_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."bookings_services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings_resources" ADD CONSTRAINT "bookings_resources_type_id_bookings_resource_types_id_fk" FOREIGN KEY ("type_id") REFERENCES "public"."bookings_resource_types"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings_service_options" ADD CONSTRAINT "bookings_service_options_service_id_bookings_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."bookings_services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings_service_slugs" ADD CONSTRAINT "bookings_service_slugs_service_id_bookings_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."bookings_services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings_sessions" ADD CONSTRAINT "bookings_sessions_service_id_bookings_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."bookings_services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings_staff_time_off" ADD CONSTRAINT "bookings_staff_time_off_staff_member_id_bookings_staff_members_id_fk" FOREIGN KEY ("staff_member_id") REFERENCES "public"."bookings_staff_members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings_staff_working_hours" ADD CONSTRAINT "bookings_staff_working_hours_staff_member_id_bookings_staff_members_id_fk" FOREIGN KEY ("staff_member_id") REFERENCES "public"."bookings_staff_members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bookings_categories_site_idx" ON "bookings_categories" USING btree ("site_id","sort_order");--> statement-breakpoint
CREATE INDEX "bookings_booking_policies_site_idx" ON "bookings_booking_policies" USING btree ("site_id","created_date");--> statement-breakpoint
CREATE UNIQUE INDEX "bookings_booking_policies_one_default" ON "bookings_booking_policies" USING btree ("site_id") WHERE "bookings_booking_policies"."is_default";--> statement-breakpoint
CREATE INDEX "bookings_recurring_sessions_schedule_idx" ON "bookings_recurring_sessions" USING btree ("site_id","schedule_id");--> statement-breakpoint
CREATE INDEX "bookings_resource_types_site_idx" ON "bookings_resource_types" USING btree ("site_id","created_date");--> statement-breakpoint
CREATE INDEX "bookings_resources_type_idx" ON "bookings_resources" USING btree ("site_id","type_id");--> statement-breakpoint
CREATE UNIQUE INDEX "bookings_service_options_service_idx" ON "bookings_service_options" USING btree ("site_id","service_id");--> statement-breakpoint
CREATE INDEX "bookings_service_slugs_service_idx" ON "bookings_service_slugs" USING btree ("service_id");--> statement-breakpoint
CREATE INDEX "bookings_services_site_idx" ON "bookings_services" USING btree ("site_id","sort_order","created_date");--> statement-breakpoint
CREATE UNIQUE INDEX "bookings_services_schedule_idx" ON "bookings_services" USING btree ("site_id","schedule_id");--> statement-breakpoint
CREATE INDEX "bookings_services_staff_idx" ON "bookings_services" USING gin ("staff_member_ids");--> statement-breakpoint
CREATE INDEX "bookings_sessions_schedule_idx" ON "bookings_sessions" USING btree ("site_id","schedule_id","start_date");--> statement-breakpoint
CREATE INDEX "bookings_staff_members_site_idx" ON "bookings_staff_members" USING btree ("site_id","created_date");--> statement-breakpoint
CREATE INDEX "bookings_staff_time_off_staff_idx" ON "bookings_staff_time_off" USING btree ("site_id","staff_member_id","start_date");--> statement-breakpoint
CREATE INDEX "bookings_staff_working_hours_staff_idx" ON "bookings_staff_working_hours" USING btree ("site_id","staff_member_id");