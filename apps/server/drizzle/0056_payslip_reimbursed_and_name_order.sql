ALTER TABLE "payslips" ADD COLUMN "reimbursed_paise" bigint;--> statement-breakpoint
CREATE INDEX "users_tenant_name_idx" ON "users" USING btree ("tenant_id","first_name","last_name","id");--> statement-breakpoint
-- hand-written (keep when regenerating)
-- The Σ of the reimbursement lines (REIMBURSEMENT, REIMBURSEMENT_TAXABLE earnings) of the payslips of months not
-- finalized yet; a finalized month's payslips never change (0016's guard), so theirs stays null and is read from the lines.
UPDATE payslips p SET reimbursed_paise = coalesce((SELECT sum(l.amount_paise) FROM payslip_lines l
                                                    WHERE l.payslip_id = p.id AND l.section = 'earning' AND l.code IN ('REIMBURSEMENT', 'REIMBURSEMENT_TAXABLE')), 0)
  FROM payroll_runs r WHERE r.id = p.run_id AND r.status NOT IN ('finalized', 'paid');
--> statement-breakpoint
-- After a run's processing: the statistics of payslips and payslip_lines brought up to date at once where
-- autovacuum would at its next round (rows changed since the last ANALYZE > 50 + 10 % of the table), so the
-- reads right after it (the run's page, variance, finalize) are not planned on the counts from before the run
-- wrote its rows: a first run of 20,000 employees left the variance's join of its lines to its payslips
-- planned as nested index scans of the tenant's every line (over 120 s; 0.2 s after ANALYZE). ANALYZE needs
-- the tables' owner: this runs as its owner, the migrating role; it reads nothing and returns nothing.
CREATE FUNCTION tenant_analyze_payslips() RETURNS void
  LANGUAGE plpgsql VOLATILE SECURITY DEFINER
  SET search_path = pg_catalog, public, pg_temp
AS $$
DECLARE
  t regclass;
BEGIN
  FOREACH t IN ARRAY ARRAY['public.payslips'::regclass, 'public.payslip_lines'::regclass] LOOP
    IF pg_stat_get_mod_since_analyze(t) > 50 + 0.1 * greatest((SELECT c.reltuples FROM pg_class c WHERE c.oid = t), 0) THEN
      EXECUTE format('ANALYZE %s', t);
    END IF;
  END LOOP;
END $$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION tenant_analyze_payslips() FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION tenant_analyze_payslips() TO tankha_tenant;
