CREATE TABLE "plan_credit_notes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"subscription_id" uuid NOT NULL,
	"invoice_id" uuid,
	"payment_id" uuid NOT NULL,
	"financial_year" text NOT NULL,
	"sequence" integer NOT NULL,
	"credit_note_number" text NOT NULL,
	"credit_note_date" text NOT NULL,
	"total_paise" integer NOT NULL,
	"data" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "plan_credit_notes" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
DROP INDEX "invoices_tenant_number_key";--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "credit_taxable_paise" integer;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "scheduled_plan_id" uuid;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "scheduled_billing_type" text;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "scheduled_quantity" integer;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "scheduled_unit_price_paise" integer;--> statement-breakpoint
ALTER TABLE "invoice_items" ADD COLUMN "hsn_sac" text;--> statement-breakpoint
ALTER TABLE "invoice_items" ADD COLUMN "unit" text;--> statement-breakpoint
ALTER TABLE "invoice_parties" ADD COLUMN "turnover_above_five_crore" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "financial_year" text;--> statement-breakpoint
-- Existing invoices take the financial year of their date (April to March).
UPDATE "invoices" SET "financial_year" = CASE WHEN EXTRACT(MONTH FROM "invoice_date") >= 4 THEN EXTRACT(YEAR FROM "invoice_date")::int::text || '-' || lpad(((EXTRACT(YEAR FROM "invoice_date")::int + 1) % 100)::text, 2, '0') ELSE (EXTRACT(YEAR FROM "invoice_date")::int - 1)::text || '-' || lpad((EXTRACT(YEAR FROM "invoice_date")::int % 100)::text, 2, '0') END;--> statement-breakpoint
ALTER TABLE "invoices" ALTER COLUMN "financial_year" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "plan_credit_notes" ADD CONSTRAINT "plan_credit_notes_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_credit_notes" ADD CONSTRAINT "plan_credit_notes_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_credit_notes" ADD CONSTRAINT "plan_credit_notes_invoice_id_plan_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."plan_invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_credit_notes" ADD CONSTRAINT "plan_credit_notes_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "plan_credit_notes_number_key" ON "plan_credit_notes" USING btree ("financial_year","sequence");--> statement-breakpoint
CREATE UNIQUE INDEX "plan_credit_notes_payment_key" ON "plan_credit_notes" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "plan_credit_notes_subscription_idx" ON "plan_credit_notes" USING btree ("tenant_id","subscription_id");--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_scheduled_plan_id_plans_id_fk" FOREIGN KEY ("scheduled_plan_id") REFERENCES "public"."plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_tenant_year_number_key" ON "invoices" USING btree ("tenant_id","financial_year",lower("invoice_number"));--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "plan_credit_notes" AS PERMISSIVE FOR ALL TO "tankha_tenant" USING ("tenant_id" = current_tenant_id()) WITH CHECK ("tenant_id" = current_tenant_id());--> statement-breakpoint
-- Credit notes have their own series (CGST Rules r.53): the counter row 'CN/<year>' of plan_invoice_counters,
-- taken inside the capturing transaction like next_plan_invoice_number (no gaps; the tenant role has no grant on the table).
CREATE FUNCTION next_plan_credit_note_number(p_financial_year text) RETURNS integer
  LANGUAGE plpgsql VOLATILE SECURITY DEFINER
  SET search_path = pg_catalog, public, pg_temp
AS $$
DECLARE
  v_next integer;
BEGIN
  IF p_financial_year !~ '^[0-9]{4}-[0-9]{2}$' THEN
    RAISE EXCEPTION 'next_plan_credit_note_number: bad financial year %', p_financial_year;
  END IF;
  INSERT INTO public.plan_invoice_counters AS c (financial_year, last_number) VALUES ('CN/' || p_financial_year, 1)
    ON CONFLICT (financial_year) DO UPDATE SET last_number = c.last_number + 1
    RETURNING c.last_number INTO v_next;
  RETURN v_next;
END
$$;
