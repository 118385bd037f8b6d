CREATE TABLE "api_keys" (
	"site_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"scopes" jsonb NOT NULL,
	"secret_hash" text NOT NULL,
	"created_by" uuid,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_date" timestamp with time zone,
	"last_used_date" timestamp with time zone,
	CONSTRAINT "api_keys_site_id_id_pk" PRIMARY KEY("site_id","id")
);
--> statement-breakpoint
CREATE TABLE "auth_sessions" (
	"site_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"subject_type" text NOT NULL,
	"subject_id" uuid NOT NULL,
	"client_id" uuid,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_date" timestamp with time zone NOT NULL,
	"revoked_date" timestamp with time zone,
	"revoked_reason" text,
	CONSTRAINT "auth_sessions_site_id_id_pk" PRIMARY KEY("site_id","id")
);
--> statement-breakpoint
CREATE TABLE "authorization_codes" (
	"code_hash" text PRIMARY KEY NOT NULL,
	"site_id" uuid NOT NULL,
	"client_id" uuid NOT NULL,
	"identity_id" uuid NOT NULL,
	"redirect_uri" text NOT NULL,
	"code_challenge" text NOT NULL,
	"scope" text NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_date" timestamp with time zone NOT NULL,
	"used_date" timestamp with time zone,
	"session_id" uuid
);
--> statement-breakpoint
CREATE TABLE "identities" (
	"site_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"identity_type" text NOT NULL,
	"status" text NOT NULL,
	"pending_reason" text,
	"email" text NOT NULL,
	"email_verified" boolean DEFAULT false NOT NULL,
	"password_hash" text,
	"role" text,
	"profile" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"revision" integer DEFAULT 1 NOT NULL,
	"last_login_date" timestamp with time zone,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_date" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "identities_site_id_id_pk" PRIMARY KEY("site_id","id")
);
--> statement-breakpoint
CREATE TABLE "identity_settings" (
	"site_id" uuid PRIMARY KEY NOT NULL,
	"require_email_verification" boolean DEFAULT false NOT NULL,
	"require_owner_approval" boolean DEFAULT false NOT NULL,
	"captcha_on_register" boolean DEFAULT false NOT NULL,
	"captcha_on_login" boolean DEFAULT false NOT NULL,
	"revision" integer DEFAULT 1 NOT NULL,
	"updated_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "oauth_clients" (
	"site_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"redirect_uris" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "oauth_clients_site_id_id_pk" PRIMARY KEY("site_id","id")
);
--> statement-breakpoint
CREATE TABLE "one_time_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"site_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"identity_id" uuid,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_date" timestamp with time zone NOT NULL,
	"used_date" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "refresh_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"site_id" uuid NOT NULL,
	"session_id" uuid NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_date" timestamp with time zone NOT NULL,
	"used_date" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "signing_keys" (
	"kid" text PRIMARY KEY NOT NULL,
	"alg" text NOT NULL,
	"public_jwk" jsonb NOT NULL,
	"private_jwk" jsonb NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"retired_date" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "mail_outbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"site_id" uuid NOT NULL,
	"to_address" text NOT NULL,
	"subject" text NOT NULL,
	"text_body" text NOT NULL,
	"html_body" text,
	"kind" text NOT NULL,
	"status" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_date" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth_sessions" ADD CONSTRAINT "auth_sessions_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identities" ADD CONSTRAINT "identities_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity_settings" ADD CONSTRAINT "identity_settings_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oauth_clients" ADD CONSTRAINT "oauth_clients_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "api_keys_id" ON "api_keys" USING btree ("id");--> statement-breakpoint
CREATE UNIQUE INDEX "auth_sessions_id" ON "auth_sessions" USING btree ("id");--> statement-breakpoint
CREATE INDEX "auth_sessions_subject" ON "auth_sessions" USING btree ("site_id","subject_id");--> statement-breakpoint
CREATE UNIQUE INDEX "identities_site_type_email" ON "identities" USING btree ("site_id","identity_type","email");--> statement-breakpoint
CREATE UNIQUE INDEX "identities_id" ON "identities" USING btree ("id");--> statement-breakpoint
CREATE UNIQUE INDEX "oauth_clients_id" ON "oauth_clients" USING btree ("id");--> statement-breakpoint
CREATE UNIQUE INDEX "oauth_clients_one_default" ON "oauth_clients" USING btree ("site_id") WHERE "oauth_clients"."is_default";--> statement-breakpoint
CREATE INDEX "one_time_tokens_site_kind" ON "one_time_tokens" USING btree ("site_id","kind");--> statement-breakpoint
CREATE INDEX "refresh_tokens_session" ON "refresh_tokens" USING btree ("site_id","session_id");--> statement-breakpoint
CREATE INDEX "mail_outbox_site_created" ON "mail_outbox" USING btree ("site_id","created_date");--> statement-breakpoint
CREATE INDEX "mail_outbox_status" ON "mail_outbox" USING btree ("status");