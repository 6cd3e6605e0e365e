ALTER TABLE "subscriptions" ADD COLUMN "mandate_method" text;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "scheduled_replacement" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "authorisation_url" text;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "authorised_at" timestamp with time zone;