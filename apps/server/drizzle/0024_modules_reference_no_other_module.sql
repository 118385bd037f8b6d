ALTER TABLE "data_collections" DROP CONSTRAINT "data_collections_site_id_sites_id_fk";
--> statement-breakpoint
ALTER TABLE "api_keys" DROP CONSTRAINT "api_keys_site_id_sites_id_fk";
--> statement-breakpoint
ALTER TABLE "auth_sessions" DROP CONSTRAINT "auth_sessions_site_id_sites_id_fk";
--> statement-breakpoint
ALTER TABLE "identities" DROP CONSTRAINT "identities_site_id_sites_id_fk";
--> statement-breakpoint
ALTER TABLE "identity_settings" DROP CONSTRAINT "identity_settings_site_id_sites_id_fk";
--> statement-breakpoint
ALTER TABLE "oauth_clients" DROP CONSTRAINT "oauth_clients_site_id_sites_id_fk";
--> statement-breakpoint
ALTER TABLE "data_jobs" DROP CONSTRAINT "data_jobs_site_id_sites_id_fk";
