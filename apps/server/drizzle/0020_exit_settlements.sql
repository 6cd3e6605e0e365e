CREATE TABLE "exit_settlements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"reason" text NOT NULL,
	"resignation_date" date,
	"last_working_day" date NOT NULL,
	"notice_required_days" integer DEFAULT 0 NOT NULL,
	"notice_served_days" integer DEFAULT 0 NOT NULL,
	"remarks" text,
	"payable_paise" bigint DEFAULT 0 NOT NULL,
	"recoveries_paise" bigint DEFAULT 0 NOT NULL,
	"net_paise" bigint DEFAULT 0 NOT NULL,
	"taxable_paise" bigint DEFAULT 0 NOT NULL,
	"exempt_paise" bigint DEFAULT 0 NOT NULL,
	"tds_paise" bigint DEFAULT 0 NOT NULL,
	"lines" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"facts" jsonb NOT NULL,
	"computed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"approved_by" uuid,
	"approved_at" timestamp with time zone,
	"settled_on" date,
	"payment_reference" text,
	"settled_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "exit_settlements" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "leave_types" ADD COLUMN "is_encashable" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "exit_settlements" ADD CONSTRAINT "exit_settlements_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exit_settlements" ADD CONSTRAINT "exit_settlements_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exit_settlements" ADD CONSTRAINT "exit_settlements_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exit_settlements" ADD CONSTRAINT "exit_settlements_approved_by_users_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exit_settlements" ADD CONSTRAINT "exit_settlements_settled_by_users_id_fk" FOREIGN KEY ("settled_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "exit_settlements_tenant_user_key" ON "exit_settlements" USING btree ("tenant_id","user_id");--> statement-breakpoint
CREATE INDEX "exit_settlements_tenant_status_idx" ON "exit_settlements" USING btree ("tenant_id","status","last_working_day");--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "exit_settlements" AS PERMISSIVE FOR ALL TO "tankha_tenant" USING ("tenant_id" = current_tenant_id()) WITH CHECK ("tenant_id" = current_tenant_id());
--> statement-breakpoint
-- hand-written (keep when regenerating)
-- An approved settlement's figures never change: the only move left is to settled (paid on, reference, by);
-- a settled one never changes at all (issue 11 item 5; like a finalized payroll month, migration 0016).
CREATE OR REPLACE FUNCTION exit_settlements_frozen() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.status = 'settled' THEN
    RAISE EXCEPTION 'exit settlement % is settled and cannot change', OLD.id;
  END IF;
  IF OLD.status = 'approved' AND (
       NEW.status <> 'settled'
    OR (NEW.user_id, NEW.reason, NEW.resignation_date, NEW.last_working_day, NEW.notice_required_days, NEW.notice_served_days, NEW.remarks,
        NEW.payable_paise, NEW.recoveries_paise, NEW.net_paise, NEW.taxable_paise, NEW.exempt_paise, NEW.tds_paise, NEW.computed_at, NEW.approved_by, NEW.approved_at)
       IS DISTINCT FROM
       (OLD.user_id, OLD.reason, OLD.resignation_date, OLD.last_working_day, OLD.notice_required_days, OLD.notice_served_days, OLD.remarks,
        OLD.payable_paise, OLD.recoveries_paise, OLD.net_paise, OLD.taxable_paise, OLD.exempt_paise, OLD.tds_paise, OLD.computed_at, OLD.approved_by, OLD.approved_at)
    OR NEW.lines::text IS DISTINCT FROM OLD.lines::text
    OR NEW.facts::text IS DISTINCT FROM OLD.facts::text) THEN
    RAISE EXCEPTION 'exit settlement % is approved: only settling it can change it', OLD.id;
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER exit_settlements_frozen BEFORE UPDATE ON exit_settlements FOR EACH ROW EXECUTE FUNCTION exit_settlements_frozen();
--> statement-breakpoint
-- The default Earned Leave (leave.defaults.ts) is encashable on exit; organisations change it on the leave types screen.
UPDATE leave_types SET is_encashable = true WHERE code = 'EL' AND name = 'Earned Leave';
