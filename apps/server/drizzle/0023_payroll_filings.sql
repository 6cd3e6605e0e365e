CREATE TABLE "payroll_ledger_accounts" (
	"tenant_id" uuid NOT NULL,
	"section" text NOT NULL,
	"code" text NOT NULL,
	"account_code" text NOT NULL,
	"account_name" text NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payroll_ledger_accounts_tenant_id_section_code_pk" PRIMARY KEY("tenant_id","section","code")
);
--> statement-breakpoint
ALTER TABLE "payroll_ledger_accounts" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "payroll_ledger_accounts" ADD CONSTRAINT "payroll_ledger_accounts_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payroll_ledger_accounts" ADD CONSTRAINT "payroll_ledger_accounts_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "payroll_ledger_accounts" AS PERMISSIVE FOR ALL TO "tankha_tenant" USING ("tenant_id" = current_tenant_id()) WITH CHECK ("tenant_id" = current_tenant_id());