CREATE TABLE "payroll_excluded_pay" (
	"tenant_id" uuid NOT NULL,
	"excluded_run_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"paying_run_id" uuid NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payroll_excluded_pay_excluded_run_id_user_id_pk" PRIMARY KEY("excluded_run_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "payroll_excluded_pay" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "payroll_excluded_pay" ADD CONSTRAINT "payroll_excluded_pay_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payroll_excluded_pay" ADD CONSTRAINT "payroll_excluded_pay_excluded_run_id_payroll_runs_id_fk" FOREIGN KEY ("excluded_run_id") REFERENCES "public"."payroll_runs"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payroll_excluded_pay" ADD CONSTRAINT "payroll_excluded_pay_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payroll_excluded_pay" ADD CONSTRAINT "payroll_excluded_pay_paying_run_id_payroll_runs_id_fk" FOREIGN KEY ("paying_run_id") REFERENCES "public"."payroll_runs"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payroll_excluded_pay" ADD CONSTRAINT "payroll_excluded_pay_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payroll_excluded_pay_paying_idx" ON "payroll_excluded_pay" USING btree ("tenant_id","paying_run_id");--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "payroll_excluded_pay" AS PERMISSIVE FOR ALL TO "tankha_tenant" USING ("tenant_id" = current_tenant_id()) WITH CHECK ("tenant_id" = current_tenant_id());--> statement-breakpoint
-- hand-written (keep when regenerating)
-- Excluded pay brought into a later month (DESIGN §10, a month's life): only for an employee a closed month left
-- out with a processing hold (no payslip there), into a later month; once the paying month is finalized the row is
-- what it paid and never changes or goes.
CREATE FUNCTION payroll_excluded_pay_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    RAISE EXCEPTION 'excluded pay brought into a later month cannot change' USING ERRCODE = 'P0001';
  END IF;
  IF TG_OP = 'DELETE' THEN
    IF EXISTS (SELECT 1 FROM payroll_runs r WHERE r.id = OLD.paying_run_id AND r.status IN ('finalized', 'paid')) THEN
      RAISE EXCEPTION 'excluded pay paid by a finalized payroll cannot be removed' USING ERRCODE = 'P0001';
    END IF;
    RETURN OLD;
  END IF;
  IF NOT EXISTS (SELECT 1 FROM payroll_runs x JOIN payroll_holds h ON h.run_id = x.id AND h.user_id = NEW.user_id AND h.kind = 'processing'
                  WHERE x.id = NEW.excluded_run_id AND x.status IN ('finalized', 'paid'))
     OR EXISTS (SELECT 1 FROM payslips p WHERE p.run_id = NEW.excluded_run_id AND p.user_id = NEW.user_id)
     OR NOT EXISTS (SELECT 1 FROM payroll_runs x, payroll_runs y WHERE x.id = NEW.excluded_run_id AND y.id = NEW.paying_run_id
                     AND y.month > x.month AND y.status IN ('draft', 'processing', 'processed')) THEN
    RAISE EXCEPTION 'only pay excluded from processing in a finalized month can be brought into a later open month' USING ERRCODE = 'P0001';
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER payroll_excluded_pay_guard BEFORE INSERT OR UPDATE OR DELETE ON "payroll_excluded_pay" FOR EACH ROW EXECUTE FUNCTION payroll_excluded_pay_guard();
