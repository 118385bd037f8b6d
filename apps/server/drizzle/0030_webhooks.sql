CREATE TABLE "webhook_attempts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"site_id" uuid NOT NULL,
	"subscription_id" uuid NOT NULL,
	"delivery_id" uuid NOT NULL,
	"attempt_number" integer NOT NULL,
	"succeeded" boolean NOT NULL,
	"response_code" integer,
	"response_body" text,
	"error" text,
	"latency_ms" integer NOT NULL,
	"attempted_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhook_deliveries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"site_id" uuid NOT NULL,
	"subscription_id" uuid NOT NULL,
	"message_id" uuid NOT NULL,
	"event_type" text NOT NULL,
	"entity_key" text NOT NULL,
	"sequence" bigserial NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"attempt_count" integer DEFAULT 0 NOT NULL,
	"next_attempt_date" timestamp with time zone DEFAULT now() NOT NULL,
	"lease_until" timestamp with time zone,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhook_messages" (
	"id" uuid PRIMARY KEY NOT NULL,
	"site_id" uuid NOT NULL,
	"event_type" text NOT NULL,
	"entity_key" text NOT NULL,
	"data" jsonb NOT NULL,
	"thin_data" jsonb NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhook_subscriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"site_id" uuid NOT NULL,
	"url" text NOT NULL,
	"event_types" text[] NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"disabled_reason" text,
	"payload" text DEFAULT 'FULL' NOT NULL,
	"secrets" jsonb NOT NULL,
	"failing_since_date" timestamp with time zone,
	"revision" integer DEFAULT 1 NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "webhook_attempts" ADD CONSTRAINT "webhook_attempts_subscription_id_webhook_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."webhook_subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_attempts" ADD CONSTRAINT "webhook_attempts_delivery_id_webhook_deliveries_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "public"."webhook_deliveries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_subscription_id_webhook_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."webhook_subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_message_id_webhook_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."webhook_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "webhook_attempts_log" ON "webhook_attempts" USING btree ("subscription_id","attempted_date");--> statement-breakpoint
CREATE UNIQUE INDEX "webhook_attempts_once" ON "webhook_attempts" USING btree ("delivery_id","attempt_number");--> statement-breakpoint
CREATE INDEX "webhook_deliveries_due" ON "webhook_deliveries" USING btree ("subscription_id","next_attempt_date") WHERE "webhook_deliveries"."status" IN ('PENDING', 'SENDING');--> statement-breakpoint
CREATE INDEX "webhook_deliveries_entity_order" ON "webhook_deliveries" USING btree ("subscription_id","entity_key","sequence") WHERE "webhook_deliveries"."status" IN ('PENDING', 'SENDING');--> statement-breakpoint
CREATE INDEX "webhook_deliveries_log" ON "webhook_deliveries" USING btree ("subscription_id","created_date");--> statement-breakpoint
CREATE UNIQUE INDEX "webhook_deliveries_sequence" ON "webhook_deliveries" USING btree ("sequence");--> statement-breakpoint
CREATE INDEX "webhook_messages_site_created" ON "webhook_messages" USING btree ("site_id","created_date");--> statement-breakpoint
CREATE INDEX "webhook_subscriptions_site" ON "webhook_subscriptions" USING btree ("site_id","created_date");