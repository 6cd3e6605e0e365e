CREATE TABLE "payroll_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"run_id" uuid,
	"month" text NOT NULL,
	"kind" text NOT NULL,
	"file_name" text NOT NULL,
	"summary" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"generated_by" uuid,
	"generated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payroll_reports" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "payroll_reports" ADD CONSTRAINT "payroll_reports_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payroll_reports" ADD CONSTRAINT "payroll_reports_run_id_payroll_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."payroll_runs"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payroll_reports" ADD CONSTRAINT "payroll_reports_generated_by_users_id_fk" FOREIGN KEY ("generated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payroll_reports_tenant_month_idx" ON "payroll_reports" USING btree ("tenant_id","month","generated_at");--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "payroll_reports" AS PERMISSIVE FOR ALL TO "tankha_tenant" USING ("tenant_id" = current_tenant_id()) WITH CHECK ("tenant_id" = current_tenant_id());