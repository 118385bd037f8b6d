CREATE TABLE "ecom_carts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"site_id" uuid NOT NULL,
	"visitor_id" text,
	"member_id" text,
	"current" boolean DEFAULT false NOT NULL,
	"currency" text NOT NULL,
	"line_items" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"doc" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"checkout_id" uuid,
	"revision" integer DEFAULT 1 NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ecom_checkouts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"site_id" uuid NOT NULL,
	"cart_id" uuid,
	"visitor_id" text,
	"member_id" text,
	"currency" text NOT NULL,
	"line_items" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"doc" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"order_id" uuid,
	"completed" boolean DEFAULT false NOT NULL,
	"hold_expires_at" timestamp with time zone,
	"revision" integer DEFAULT 1 NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ecom_order_counters" (
	"site_id" uuid PRIMARY KEY NOT NULL,
	"last_number" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ecom_orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"site_id" uuid NOT NULL,
	"number" bigint NOT NULL,
	"checkout_id" uuid,
	"status" text NOT NULL,
	"payment_status" text NOT NULL,
	"fulfillment_status" text NOT NULL,
	"currency" text NOT NULL,
	"total" numeric(20, 3) NOT NULL,
	"paid" numeric(20, 3) DEFAULT '0' NOT NULL,
	"refunded" numeric(20, 3) DEFAULT '0' NOT NULL,
	"visitor_id" text,
	"member_id" text,
	"buyer_email" text,
	"tags" text[] DEFAULT '{}' NOT NULL,
	"archived" boolean DEFAULT false NOT NULL,
	"stock_committed" boolean DEFAULT false NOT NULL,
	"line_items" jsonb NOT NULL,
	"doc" jsonb NOT NULL,
	"purchased_date" timestamp with time zone,
	"revision" integer DEFAULT 1 NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_date" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ecom_orders_refund_within_paid" CHECK ("ecom_orders"."refunded" <= "ecom_orders"."paid")
);
--> statement-breakpoint
CREATE TABLE "ecom_payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"site_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"gateway" text NOT NULL,
	"gateway_charge_id" text,
	"status" text NOT NULL,
	"amount" numeric(20, 3) NOT NULL,
	"refunded" numeric(20, 3) DEFAULT '0' NOT NULL,
	"doc" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_date" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ecom_payments_refund_within_amount" CHECK ("ecom_payments"."refunded" >= 0 AND "ecom_payments"."refunded" <= "ecom_payments"."amount")
);
--> statement-breakpoint
CREATE TABLE "ecom_refunds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"site_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"status" text NOT NULL,
	"amount" numeric(20, 3) NOT NULL,
	"doc" jsonb NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ecom_test_gateway_charges" (
	"id" text PRIMARY KEY NOT NULL,
	"site_id" uuid NOT NULL,
	"idempotency_key" text NOT NULL,
	"status" text NOT NULL,
	"amount" numeric(20, 3) NOT NULL,
	"currency" text NOT NULL,
	"captured" numeric(20, 3) DEFAULT '0' NOT NULL,
	"refunded" numeric(20, 3) DEFAULT '0' NOT NULL,
	"doc" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_date" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ecom_test_gateway_charges_amounts" CHECK ("ecom_test_gateway_charges"."captured" <= "ecom_test_gateway_charges"."amount" AND "ecom_test_gateway_charges"."refunded" <= "ecom_test_gateway_charges"."captured")
);
--> statement-breakpoint
CREATE TABLE "ecom_test_gateway_refunds" (
	"id" text PRIMARY KEY NOT NULL,
	"site_id" uuid NOT NULL,
	"charge_id" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"amount" numeric(20, 3) NOT NULL,
	"status" text NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "ecom_carts_current_member" ON "ecom_carts" USING btree ("site_id","member_id") WHERE "ecom_carts"."current" AND "ecom_carts"."member_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "ecom_carts_current_visitor" ON "ecom_carts" USING btree ("site_id","visitor_id") WHERE "ecom_carts"."current" AND "ecom_carts"."member_id" IS NULL AND "ecom_carts"."visitor_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "ecom_carts_checkout" ON "ecom_carts" USING btree ("site_id","checkout_id");--> statement-breakpoint
CREATE INDEX "ecom_checkouts_cart" ON "ecom_checkouts" USING btree ("site_id","cart_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ecom_orders_number" ON "ecom_orders" USING btree ("site_id","number");--> statement-breakpoint
CREATE UNIQUE INDEX "ecom_orders_checkout" ON "ecom_orders" USING btree ("checkout_id");--> statement-breakpoint
CREATE INDEX "ecom_orders_created" ON "ecom_orders" USING btree ("site_id","created_date","id");--> statement-breakpoint
CREATE INDEX "ecom_orders_member" ON "ecom_orders" USING btree ("site_id","member_id");--> statement-breakpoint
CREATE INDEX "ecom_orders_tags" ON "ecom_orders" USING gin ("tags");--> statement-breakpoint
CREATE INDEX "ecom_payments_order" ON "ecom_payments" USING btree ("site_id","order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ecom_payments_gateway_charge" ON "ecom_payments" USING btree ("gateway","gateway_charge_id");--> statement-breakpoint
CREATE INDEX "ecom_refunds_order" ON "ecom_refunds" USING btree ("site_id","order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ecom_test_gateway_charges_key" ON "ecom_test_gateway_charges" USING btree ("site_id","idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "ecom_test_gateway_refunds_key" ON "ecom_test_gateway_refunds" USING btree ("site_id","idempotency_key");