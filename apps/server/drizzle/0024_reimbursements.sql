CREATE TABLE "reimbursement_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"type_id" uuid NOT NULL,
	"amount_paise" bigint NOT NULL,
	"reason" text NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"claimed_on" date NOT NULL,
	"financial_year" text NOT NULL,
	"receipt_file_id" uuid,
	"remarks" text,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"claimed_run_id" uuid,
	"paid_run_id" uuid,
	"paid_month" text,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "reimbursement_requests" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "reimbursement_types" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"max_limit_paise" bigint DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"is_taxable" boolean DEFAULT false NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "reimbursement_types" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "reimbursement_requests" ADD CONSTRAINT "reimbursement_requests_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reimbursement_requests" ADD CONSTRAINT "reimbursement_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reimbursement_requests" ADD CONSTRAINT "reimbursement_requests_type_id_reimbursement_types_id_fk" FOREIGN KEY ("type_id") REFERENCES "public"."reimbursement_types"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reimbursement_requests" ADD CONSTRAINT "reimbursement_requests_receipt_file_id_files_id_fk" FOREIGN KEY ("receipt_file_id") REFERENCES "public"."files"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reimbursement_requests" ADD CONSTRAINT "reimbursement_requests_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reimbursement_requests" ADD CONSTRAINT "reimbursement_requests_claimed_run_id_payroll_runs_id_fk" FOREIGN KEY ("claimed_run_id") REFERENCES "public"."payroll_runs"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reimbursement_requests" ADD CONSTRAINT "reimbursement_requests_paid_run_id_payroll_runs_id_fk" FOREIGN KEY ("paid_run_id") REFERENCES "public"."payroll_runs"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reimbursement_types" ADD CONSTRAINT "reimbursement_types_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reimbursement_types" ADD CONSTRAINT "reimbursement_types_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reimbursement_types" ADD CONSTRAINT "reimbursement_types_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reimbursement_requests_user_idx" ON "reimbursement_requests" USING btree ("tenant_id","user_id","created_at");--> statement-breakpoint
CREATE INDEX "reimbursement_requests_status_idx" ON "reimbursement_requests" USING btree ("tenant_id","status","created_at");--> statement-breakpoint
CREATE INDEX "reimbursement_requests_limit_idx" ON "reimbursement_requests" USING btree ("tenant_id","user_id","type_id","financial_year");--> statement-breakpoint
CREATE INDEX "reimbursement_requests_unpaid_idx" ON "reimbursement_requests" USING btree ("tenant_id","user_id") WHERE "reimbursement_requests"."status" = 2 AND "reimbursement_requests"."paid_run_id" IS NULL;--> statement-breakpoint
CREATE INDEX "reimbursement_requests_claimed_idx" ON "reimbursement_requests" USING btree ("tenant_id","claimed_run_id");--> statement-breakpoint
CREATE UNIQUE INDEX "reimbursement_types_tenant_name_key" ON "reimbursement_types" USING btree ("tenant_id",lower("name")) WHERE "reimbursement_types"."deleted_at" IS NULL;--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "reimbursement_requests" AS PERMISSIVE FOR ALL TO "tankha_tenant" USING ("tenant_id" = current_tenant_id()) WITH CHECK ("tenant_id" = current_tenant_id());--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "reimbursement_types" AS PERMISSIVE FOR ALL TO "tankha_tenant" USING ("tenant_id" = current_tenant_id()) WITH CHECK ("tenant_id" = current_tenant_id());--> statement-breakpoint
-- hand-written (keep when regenerating)
-- A claim is decided once (1 Pending → 2 Approved or 3 Rejected), paid once and by one run: only a finalized run may
-- be recorded as paying it, only an approved claim claimed by that run, and a paid claim never changes or goes
-- (docs/decisions.md "Reimbursements"). A finalized month's claims are not re-claimed by another run.
ALTER TABLE "reimbursement_requests" ADD CONSTRAINT "reimbursement_requests_status_check" CHECK ("status" IN (1, 2, 3));
--> statement-breakpoint
ALTER TABLE "reimbursement_requests" ADD CONSTRAINT "reimbursement_requests_amount_check" CHECK ("amount_paise" > 0);
--> statement-breakpoint
ALTER TABLE "reimbursement_types" ADD CONSTRAINT "reimbursement_types_limit_check" CHECK ("max_limit_paise" >= 0);
--> statement-breakpoint
CREATE FUNCTION reimbursement_request_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    IF OLD.paid_run_id IS NOT NULL THEN
      RAISE EXCEPTION 'reimbursement request % was paid in %, it cannot be deleted', OLD.id, OLD.paid_month USING ERRCODE = 'P0001';
    END IF;
    RETURN OLD;
  END IF;
  IF TG_OP = 'UPDATE' THEN
    IF OLD.paid_run_id IS NOT NULL AND to_jsonb(NEW) IS DISTINCT FROM to_jsonb(OLD) THEN
      RAISE EXCEPTION 'reimbursement request % was paid in %, it cannot change', OLD.id, OLD.paid_month USING ERRCODE = 'P0001';
    END IF;
    IF OLD.status <> 1 AND NEW.status IS DISTINCT FROM OLD.status THEN
      RAISE EXCEPTION 'reimbursement request % was decided already', OLD.id USING ERRCODE = 'P0001';
    END IF;
  END IF;
  IF NEW.claimed_run_id IS NOT NULL AND (TG_OP = 'INSERT' OR NEW.claimed_run_id IS DISTINCT FROM OLD.claimed_run_id) THEN
    IF NEW.status <> 2 THEN
      RAISE EXCEPTION 'only an approved reimbursement request is paid by a payroll run' USING ERRCODE = 'P0001';
    END IF;
    IF EXISTS (SELECT 1 FROM payroll_runs r WHERE r.id = NEW.claimed_run_id AND r.status IN ('finalized', 'paid')) THEN
      RAISE EXCEPTION 'a finalized payroll month never changes: it cannot take reimbursement request %', NEW.id USING ERRCODE = 'P0001';
    END IF;
  END IF;
  IF NEW.paid_run_id IS NOT NULL AND (TG_OP = 'INSERT' OR OLD.paid_run_id IS NULL) THEN
    IF NEW.status <> 2 OR NEW.claimed_run_id IS DISTINCT FROM NEW.paid_run_id THEN
      RAISE EXCEPTION 'reimbursement request % is paid only by the run that claimed it', NEW.id USING ERRCODE = 'P0001';
    END IF;
    IF NOT EXISTS (SELECT 1 FROM payroll_runs r WHERE r.id = NEW.paid_run_id AND r.status IN ('finalized', 'paid') AND r.month = NEW.paid_month) THEN
      RAISE EXCEPTION 'reimbursement request % is paid only by a finalized payroll month', NEW.id USING ERRCODE = 'P0001';
    END IF;
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER reimbursement_requests_guard BEFORE INSERT OR UPDATE OR DELETE ON "reimbursement_requests" FOR EACH ROW EXECUTE FUNCTION reimbursement_request_guard();
