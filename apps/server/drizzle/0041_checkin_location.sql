ALTER TABLE "time_logs" ADD COLUMN "check_in_distance_metres" integer;--> statement-breakpoint
ALTER TABLE "time_logs" ADD COLUMN "check_out_latitude" double precision;--> statement-breakpoint
ALTER TABLE "time_logs" ADD COLUMN "check_out_longitude" double precision;--> statement-breakpoint
ALTER TABLE "time_logs" ADD COLUMN "check_out_accuracy_metres" double precision;--> statement-breakpoint
ALTER TABLE "time_logs" ADD COLUMN "check_out_site_id" uuid;--> statement-breakpoint
ALTER TABLE "time_logs" ADD COLUMN "check_out_site_name" text;--> statement-breakpoint
ALTER TABLE "time_logs" ADD COLUMN "check_out_distance_metres" integer;--> statement-breakpoint
ALTER TABLE "time_logs" ADD COLUMN "check_out_inside" boolean;