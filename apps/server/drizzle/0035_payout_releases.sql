CREATE TABLE "payroll_payout_releases" (
	"tenant_id" uuid NOT NULL,
	"run_id" uuid NOT NULL,
	"payslip_id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"released_at" timestamp with time zone NOT NULL,
	"released_by" uuid
);
--> statement-breakpoint
ALTER TABLE "payroll_payout_releases" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "payroll_payout_releases" ADD CONSTRAINT "payroll_payout_releases_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payroll_payout_releases" ADD CONSTRAINT "payroll_payout_releases_run_id_payroll_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."payroll_runs"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payroll_payout_releases" ADD CONSTRAINT "payroll_payout_releases_payslip_id_payslips_id_fk" FOREIGN KEY ("payslip_id") REFERENCES "public"."payslips"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payroll_payout_releases" ADD CONSTRAINT "payroll_payout_releases_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payroll_payout_releases" ADD CONSTRAINT "payroll_payout_releases_released_by_users_id_fk" FOREIGN KEY ("released_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payroll_payout_releases_run_idx" ON "payroll_payout_releases" USING btree ("tenant_id","run_id");--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "payroll_payout_releases" AS PERMISSIVE FOR ALL TO "tankha_tenant" USING ("tenant_id" = current_tenant_id()) WITH CHECK ("tenant_id" = current_tenant_id());--> statement-breakpoint
-- hand-written (keep when regenerating)
-- A payout hold released after finalize is a fact with a date and a person (DESIGN §10 "Payout holds outlive
-- finalize"): recorded once, never changed or removed, and only for a payout hold of a closed month.
CREATE FUNCTION payroll_payout_release_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    RAISE EXCEPTION 'a released payout hold cannot change' USING ERRCODE = 'P0001';
  END IF;
  IF NOT EXISTS (SELECT 1 FROM payslips p JOIN payroll_runs r ON r.id = p.run_id
                  WHERE p.id = NEW.payslip_id AND p.run_id = NEW.run_id AND p.user_id = NEW.user_id
                    AND p.hold_kind = 'payout' AND r.status IN ('finalized', 'paid')) THEN
    RAISE EXCEPTION 'only a payout hold of a finalized payroll can be released' USING ERRCODE = 'P0001';
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER payroll_payout_releases_guard BEFORE INSERT OR UPDATE OR DELETE ON "payroll_payout_releases" FOR EACH ROW EXECUTE FUNCTION payroll_payout_release_guard();
