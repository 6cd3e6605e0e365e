CREATE TABLE "data_retention_settings" (
	"tenant_id" uuid PRIMARY KEY NOT NULL,
	"retention_years" smallint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "data_retention_settings_years_check" CHECK ("data_retention_settings"."retention_years" BETWEEN 3 AND 20)
);
--> statement-breakpoint
ALTER TABLE "data_retention_settings" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "personal_data_erasures" (
	"tenant_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"erased_at" timestamp with time zone NOT NULL,
	"erased_by" uuid,
	CONSTRAINT "personal_data_erasures_tenant_id_user_id_pk" PRIMARY KEY("tenant_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "personal_data_erasures" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "data_retention_settings" ADD CONSTRAINT "data_retention_settings_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "personal_data_erasures" ADD CONSTRAINT "personal_data_erasures_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "personal_data_erasures" ADD CONSTRAINT "personal_data_erasures_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "personal_data_erasures" ADD CONSTRAINT "personal_data_erasures_erased_by_users_id_fk" FOREIGN KEY ("erased_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "data_retention_settings" AS PERMISSIVE FOR ALL TO "tankha_tenant" USING ("tenant_id" = current_tenant_id()) WITH CHECK ("tenant_id" = current_tenant_id());--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "personal_data_erasures" AS PERMISSIVE FOR ALL TO "tankha_tenant" USING ("tenant_id" = current_tenant_id()) WITH CHECK ("tenant_id" = current_tenant_id());