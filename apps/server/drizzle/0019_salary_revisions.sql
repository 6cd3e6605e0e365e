CREATE TABLE "salary_revisions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"effective_from" date NOT NULL,
	"previous_annual_ctc_paise" bigint,
	"annual_ctc_paise" bigint NOT NULL,
	"previous" jsonb,
	"next" jsonb NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"arrears_run_id" uuid,
	"arrears_month" text,
	"arrears_paise" bigint
);
--> statement-breakpoint
ALTER TABLE "salary_revisions" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "salary_revisions" ADD CONSTRAINT "salary_revisions_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "salary_revisions" ADD CONSTRAINT "salary_revisions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "salary_revisions" ADD CONSTRAINT "salary_revisions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "salary_revisions" ADD CONSTRAINT "salary_revisions_arrears_run_id_payroll_runs_id_fk" FOREIGN KEY ("arrears_run_id") REFERENCES "public"."payroll_runs"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "salary_revisions_user_idx" ON "salary_revisions" USING btree ("tenant_id","user_id","effective_from");--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "salary_revisions" AS PERMISSIVE FOR ALL TO "tankha_tenant" USING ("tenant_id" = current_tenant_id()) WITH CHECK ("tenant_id" = current_tenant_id());--> statement-breakpoint
-- hand-written (keep when regenerating)
-- A revision's arrears are paid once: after the paying run is recorded the row never changes.
CREATE FUNCTION salary_revision_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.arrears_run_id IS NOT NULL THEN
    RAISE EXCEPTION 'The arrears of salary revision % are paid; the revision cannot change', OLD.id USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER salary_revisions_guard BEFORE UPDATE ON "salary_revisions" FOR EACH ROW EXECUTE FUNCTION salary_revision_guard();
