CREATE TABLE "form16_settings" (
	"tenant_id" uuid PRIMARY KEY NOT NULL,
	"responsible_name" text NOT NULL,
	"responsible_father_name" text NOT NULL,
	"responsible_designation" text NOT NULL,
	"place" text NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "form16_settings" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "form16_settings" ADD CONSTRAINT "form16_settings_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form16_settings" ADD CONSTRAINT "form16_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "form16_settings" AS PERMISSIVE FOR ALL TO "tankha_tenant" USING ("tenant_id" = current_tenant_id()) WITH CHECK ("tenant_id" = current_tenant_id());