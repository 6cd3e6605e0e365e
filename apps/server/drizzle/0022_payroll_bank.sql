CREATE TABLE "payroll_bank_settings" (
	"tenant_id" uuid PRIMARY KEY NOT NULL,
	"template" text DEFAULT 'plainCsv' NOT NULL,
	"debit_account_number" text,
	"debit_ifsc" text,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payroll_bank_settings" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "payroll_payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"run_id" uuid NOT NULL,
	"payslip_id" uuid NOT NULL,
	"attempt" smallint NOT NULL,
	"reference" text NOT NULL,
	"amount_paise" bigint NOT NULL,
	"account_masked" text NOT NULL,
	"ifsc" text NOT NULL,
	"status" text DEFAULT 'sent' NOT NULL,
	"utr" text,
	"failure_reason" text,
	"status_date" date,
	"sent_at" timestamp with time zone NOT NULL,
	"sent_by" uuid,
	"status_recorded_at" timestamp with time zone,
	"status_recorded_by" uuid,
	"return_file_name" text
);
--> statement-breakpoint
ALTER TABLE "payroll_payments" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "payroll_bank_settings" ADD CONSTRAINT "payroll_bank_settings_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payroll_bank_settings" ADD CONSTRAINT "payroll_bank_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payroll_payments" ADD CONSTRAINT "payroll_payments_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payroll_payments" ADD CONSTRAINT "payroll_payments_run_id_payroll_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."payroll_runs"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payroll_payments" ADD CONSTRAINT "payroll_payments_payslip_id_payslips_id_fk" FOREIGN KEY ("payslip_id") REFERENCES "public"."payslips"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payroll_payments" ADD CONSTRAINT "payroll_payments_sent_by_users_id_fk" FOREIGN KEY ("sent_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payroll_payments" ADD CONSTRAINT "payroll_payments_status_recorded_by_users_id_fk" FOREIGN KEY ("status_recorded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payroll_payments_payslip_attempt_key" ON "payroll_payments" USING btree ("payslip_id","attempt");--> statement-breakpoint
CREATE UNIQUE INDEX "payroll_payments_tenant_reference_key" ON "payroll_payments" USING btree ("tenant_id","reference");--> statement-breakpoint
CREATE INDEX "payroll_payments_run_idx" ON "payroll_payments" USING btree ("tenant_id","run_id");--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "payroll_bank_settings" AS PERMISSIVE FOR ALL TO "tankha_tenant" USING ("tenant_id" = current_tenant_id()) WITH CHECK ("tenant_id" = current_tenant_id());--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "payroll_payments" AS PERMISSIVE FOR ALL TO "tankha_tenant" USING ("tenant_id" = current_tenant_id()) WITH CHECK ("tenant_id" = current_tenant_id());--> statement-breakpoint
-- hand-written (keep when regenerating)
-- A payment attempt keeps what the bank was told (payslip, attempt, reference, amount, account) for good; its
-- status moves once, from sent to paid or failed, by the bank's return file (docs/decisions.md "Bank return file").
ALTER TABLE "payroll_payments" ADD CONSTRAINT "payroll_payments_status_check" CHECK ("status" IN ('sent', 'paid', 'failed'));
--> statement-breakpoint
ALTER TABLE "payroll_payments" ADD CONSTRAINT "payroll_payments_attempt_check" CHECK ("attempt" >= 1 AND "amount_paise" > 0);
--> statement-breakpoint
ALTER TABLE "payroll_bank_settings" ADD CONSTRAINT "payroll_bank_settings_template_check" CHECK ("template" IN ('plainCsv', 'controlCsv', 'xlsx'));
--> statement-breakpoint
CREATE FUNCTION payroll_payment_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (to_jsonb(NEW) - ARRAY['status', 'utr', 'failure_reason', 'status_date', 'status_recorded_at', 'status_recorded_by', 'return_file_name', 'sent_by'])
     IS DISTINCT FROM (to_jsonb(OLD) - ARRAY['status', 'utr', 'failure_reason', 'status_date', 'status_recorded_at', 'status_recorded_by', 'return_file_name', 'sent_by']) THEN
    RAISE EXCEPTION 'payment % was sent to the bank and cannot change', OLD.reference USING ERRCODE = 'P0001';
  END IF;
  IF OLD.status <> 'sent' AND NEW.status IS DISTINCT FROM OLD.status THEN
    RAISE EXCEPTION 'payment % is recorded as % and cannot become %', OLD.reference, OLD.status, NEW.status USING ERRCODE = 'P0001';
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER payroll_payments_guard BEFORE UPDATE ON "payroll_payments" FOR EACH ROW EXECUTE FUNCTION payroll_payment_guard();
