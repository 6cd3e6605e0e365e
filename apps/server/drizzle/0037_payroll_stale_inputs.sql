CREATE TABLE "payroll_stale_inputs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"month" text NOT NULL,
	"reason" text NOT NULL,
	"marked_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payroll_stale_inputs" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "payroll_stale_inputs" ADD CONSTRAINT "payroll_stale_inputs_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payroll_stale_inputs" ADD CONSTRAINT "payroll_stale_inputs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payroll_stale_inputs_month_idx" ON "payroll_stale_inputs" USING btree ("tenant_id","month","user_id");--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "payroll_stale_inputs" AS PERMISSIVE FOR ALL TO "tankha_tenant" USING ("tenant_id" = current_tenant_id()) WITH CHECK ("tenant_id" = current_tenant_id());