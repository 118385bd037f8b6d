CREATE TABLE "bookings_attendance" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"site_id" uuid NOT NULL,
	"booking_id" uuid NOT NULL,
	"session_key" text,
	"status" text NOT NULL,
	"number_of_attendees" integer DEFAULT 0 NOT NULL,
	"revision" integer DEFAULT 1 NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bookings_booking_fees" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"site_id" uuid NOT NULL,
	"booking_id" uuid NOT NULL,
	"trigger" text NOT NULL,
	"status" text NOT NULL,
	"amount" numeric(21, 6) NOT NULL,
	"currency" text NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bookings_booking_forms" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"site_id" uuid NOT NULL,
	"name" text NOT NULL,
	"fields" jsonb NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bookings_occupancy" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"site_id" uuid NOT NULL,
	"booking_id" uuid NOT NULL,
	"holder_id" uuid NOT NULL,
	"holder_kind" text NOT NULL,
	"start_date" timestamp with time zone NOT NULL,
	"end_date" timestamp with time zone NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"double_booked" boolean DEFAULT false NOT NULL,
	CONSTRAINT "bookings_occupancy_valid" CHECK ("bookings_occupancy"."end_date" > "bookings_occupancy"."start_date")
);
--> statement-breakpoint
CREATE TABLE "bookings_session_spots" (
	"site_id" uuid NOT NULL,
	"schedule_id" uuid NOT NULL,
	"session_key" text NOT NULL,
	"capacity" integer NOT NULL,
	"booked" integer DEFAULT 0 NOT NULL,
	"waitlist_capacity" integer DEFAULT 0 NOT NULL,
	"waitlisted" integer DEFAULT 0 NOT NULL,
	"updated_date" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bookings_session_spots_site_id_schedule_id_session_key_pk" PRIMARY KEY("site_id","schedule_id","session_key"),
	CONSTRAINT "bookings_session_spots_nonnegative" CHECK ("bookings_session_spots"."booked" >= 0 AND "bookings_session_spots"."waitlisted" >= 0)
);
--> statement-breakpoint
CREATE TABLE "bookings_bookings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"site_id" uuid NOT NULL,
	"service_id" uuid NOT NULL,
	"schedule_id" uuid NOT NULL,
	"service_type" text NOT NULL,
	"title" text,
	"status" text NOT NULL,
	"payment_status" text DEFAULT 'UNDEFINED' NOT NULL,
	"selected_payment_option" text DEFAULT 'UNKNOWN_SELECTED_PAYMENT_OPTION' NOT NULL,
	"revision" integer DEFAULT 1 NOT NULL,
	"start_date" timestamp with time zone NOT NULL,
	"end_date" timestamp with time zone NOT NULL,
	"timezone" text NOT NULL,
	"staff_member_id" uuid,
	"resource_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"session_key" text,
	"location" jsonb,
	"contact_details" jsonb,
	"total_participants" integer DEFAULT 1 NOT NULL,
	"participants_choices" jsonb,
	"form_id" uuid,
	"form_submission" jsonb,
	"form_submission_id" text,
	"external_user_id" text,
	"extended_fields" jsonb,
	"double_booked" boolean DEFAULT false NOT NULL,
	"send_sms_reminder" boolean DEFAULT false NOT NULL,
	"multi_service_booking_id" uuid,
	"multi_service_booking_type" text,
	"created_by_type" text NOT NULL,
	"created_by_id" text,
	"actor" text NOT NULL,
	"platform" text DEFAULT 'WEB' NOT NULL,
	"canceled_date" timestamp with time zone,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_date" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bookings_bookings_participants_positive" CHECK ("bookings_bookings"."total_participants" > 0),
	CONSTRAINT "bookings_bookings_dates_valid" CHECK ("bookings_bookings"."end_date" > "bookings_bookings"."start_date")
);
--> statement-breakpoint
CREATE TABLE "bookings_multi_service_bookings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"site_id" uuid NOT NULL,
	"type" text NOT NULL,
	"revision" integer DEFAULT 1 NOT NULL,
	"created_by_id" text,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bookings_attendance" ADD CONSTRAINT "bookings_attendance_booking_id_bookings_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings_bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings_booking_fees" ADD CONSTRAINT "bookings_booking_fees_booking_id_bookings_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings_bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings_occupancy" ADD CONSTRAINT "bookings_occupancy_booking_id_bookings_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings_bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bookings_attendance_booking_idx" ON "bookings_attendance" USING btree ("site_id","booking_id");--> statement-breakpoint
CREATE UNIQUE INDEX "bookings_booking_fees_booking_trigger_idx" ON "bookings_booking_fees" USING btree ("site_id","booking_id","trigger");--> statement-breakpoint
CREATE INDEX "bookings_booking_forms_site_idx" ON "bookings_booking_forms" USING btree ("site_id");--> statement-breakpoint
CREATE INDEX "bookings_occupancy_booking_idx" ON "bookings_occupancy" USING btree ("booking_id");--> statement-breakpoint
CREATE INDEX "bookings_occupancy_holder_idx" ON "bookings_occupancy" USING btree ("site_id","holder_id","start_date");--> statement-breakpoint
CREATE INDEX "bookings_bookings_site_start_idx" ON "bookings_bookings" USING btree ("site_id","start_date");--> statement-breakpoint
CREATE INDEX "bookings_bookings_site_created_idx" ON "bookings_bookings" USING btree ("site_id","created_date");--> statement-breakpoint
CREATE INDEX "bookings_bookings_session_idx" ON "bookings_bookings" USING btree ("site_id","schedule_id","session_key","status");--> statement-breakpoint
CREATE INDEX "bookings_bookings_staff_idx" ON "bookings_bookings" USING btree ("site_id","staff_member_id","start_date");--> statement-breakpoint
CREATE INDEX "bookings_bookings_msb_idx" ON "bookings_bookings" USING btree ("site_id","multi_service_booking_id");--> statement-breakpoint
CREATE INDEX "bookings_multi_service_bookings_site_idx" ON "bookings_multi_service_bookings" USING btree ("site_id","created_date");