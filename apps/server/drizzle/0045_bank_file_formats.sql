CREATE TABLE "payroll_bank_formats" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"name" text NOT NULL,
	"definition" jsonb NOT NULL,
	"updated_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payroll_bank_formats" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "payroll_bank_settings" ADD COLUMN "preset_format" text;--> statement-breakpoint
ALTER TABLE "payroll_bank_settings" ADD COLUMN "custom_format_id" uuid;--> statement-breakpoint
ALTER TABLE "payroll_bank_formats" ADD CONSTRAINT "payroll_bank_formats_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payroll_bank_formats" ADD CONSTRAINT "payroll_bank_formats_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payroll_bank_formats_tenant_idx" ON "payroll_bank_formats" USING btree ("tenant_id");--> statement-breakpoint
ALTER TABLE "payroll_bank_settings" ADD CONSTRAINT "payroll_bank_settings_custom_format_id_payroll_bank_formats_id_fk" FOREIGN KEY ("custom_format_id") REFERENCES "public"."payroll_bank_formats"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "payroll_bank_formats" AS PERMISSIVE FOR ALL TO "tankha_tenant" USING ("tenant_id" = current_tenant_id()) WITH CHECK ("tenant_id" = current_tenant_id());