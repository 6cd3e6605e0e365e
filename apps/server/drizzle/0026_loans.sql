CREATE TABLE "loan_recoveries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"loan_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"run_id" uuid NOT NULL,
	"payslip_id" uuid NOT NULL,
	"month" text NOT NULL,
	"instalment_no" smallint NOT NULL,
	"status" text NOT NULL,
	"amount_paise" bigint NOT NULL,
	"principal_paise" bigint NOT NULL,
	"interest_paise" bigint NOT NULL,
	"balance_after_paise" bigint NOT NULL,
	"perquisite_paise" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "loan_recoveries" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "loans" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"purpose" text NOT NULL,
	"principal_paise" bigint NOT NULL,
	"start_month" text NOT NULL,
	"terms_by" text NOT NULL,
	"instalments" smallint NOT NULL,
	"emi_paise" bigint NOT NULL,
	"annual_rate_bps" integer DEFAULT 0 NOT NULL,
	"sbi_rate_bps" integer,
	"status" text DEFAULT 'active' NOT NULL,
	"note" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "loans" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "loan_recoveries" ADD CONSTRAINT "loan_recoveries_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_recoveries" ADD CONSTRAINT "loan_recoveries_loan_id_loans_id_fk" FOREIGN KEY ("loan_id") REFERENCES "public"."loans"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_recoveries" ADD CONSTRAINT "loan_recoveries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_recoveries" ADD CONSTRAINT "loan_recoveries_run_id_payroll_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."payroll_runs"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_recoveries" ADD CONSTRAINT "loan_recoveries_payslip_id_payslips_id_fk" FOREIGN KEY ("payslip_id") REFERENCES "public"."payslips"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loans" ADD CONSTRAINT "loans_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loans" ADD CONSTRAINT "loans_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loans" ADD CONSTRAINT "loans_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "loan_recoveries_loan_month_key" ON "loan_recoveries" USING btree ("loan_id","month");--> statement-breakpoint
CREATE UNIQUE INDEX "loan_recoveries_loan_instalment_key" ON "loan_recoveries" USING btree ("loan_id","instalment_no") WHERE status = 'recovered';--> statement-breakpoint
CREATE INDEX "loan_recoveries_tenant_user_idx" ON "loan_recoveries" USING btree ("tenant_id","user_id","month");--> statement-breakpoint
CREATE INDEX "loan_recoveries_run_idx" ON "loan_recoveries" USING btree ("run_id");--> statement-breakpoint
CREATE INDEX "loans_tenant_user_idx" ON "loans" USING btree ("tenant_id","user_id","status");--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "loan_recoveries" AS PERMISSIVE FOR ALL TO "tankha_tenant" USING ("tenant_id" = current_tenant_id()) WITH CHECK ("tenant_id" = current_tenant_id());--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "loans" AS PERMISSIVE FOR ALL TO "tankha_tenant" USING ("tenant_id" = current_tenant_id()) WITH CHECK ("tenant_id" = current_tenant_id());--> statement-breakpoint
-- hand-written (keep when regenerating)
-- A finalized month's loan recoveries never change (DESIGN §10): the payroll child guard of migration 0016
-- (statement-level, a join on run_id) refuses inserts, updates and deletes of rows whose run is finalized or paid.
CREATE TRIGGER loan_recoveries_guard_insert AFTER INSERT ON loan_recoveries REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION payroll_child_guard();--> statement-breakpoint
CREATE TRIGGER loan_recoveries_guard_update_old AFTER UPDATE ON loan_recoveries REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION payroll_child_guard();--> statement-breakpoint
CREATE TRIGGER loan_recoveries_guard_update_new AFTER UPDATE ON loan_recoveries REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION payroll_child_guard();--> statement-breakpoint
CREATE TRIGGER loan_recoveries_guard_delete AFTER DELETE ON loan_recoveries REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION payroll_child_guard();
