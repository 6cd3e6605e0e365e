CREATE TABLE "payment_webhook_events" (
	"event_id" text PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"event" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payment_webhook_events" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"subscription_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"provider_payment_id" text NOT NULL,
	"status" text NOT NULL,
	"amount_paise" integer NOT NULL,
	"currency" text DEFAULT 'INR' NOT NULL,
	"period_start" timestamp with time zone,
	"period_end" timestamp with time zone,
	"captured_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payments" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "plan_invoice_counters" (
	"financial_year" text PRIMARY KEY NOT NULL,
	"last_number" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "plan_invoice_counters" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "plan_invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"payment_id" uuid NOT NULL,
	"subscription_id" uuid NOT NULL,
	"financial_year" text NOT NULL,
	"sequence" integer NOT NULL,
	"invoice_number" text NOT NULL,
	"invoice_date" text NOT NULL,
	"data" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "plan_invoices" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "provider" text;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "provider_subscription_id" text;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "total_count" integer;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "unit_price_paise" integer;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "replaces_subscription_id" uuid;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "change_at" text;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "cancel_requested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "provider_event_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_invoices" ADD CONSTRAINT "plan_invoices_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_invoices" ADD CONSTRAINT "plan_invoices_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_invoices" ADD CONSTRAINT "plan_invoices_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payments_provider_payment_key" ON "payments" USING btree ("provider","provider_payment_id");--> statement-breakpoint
CREATE INDEX "payments_subscription_idx" ON "payments" USING btree ("tenant_id","subscription_id");--> statement-breakpoint
CREATE UNIQUE INDEX "plan_invoices_number_key" ON "plan_invoices" USING btree ("financial_year","sequence");--> statement-breakpoint
CREATE UNIQUE INDEX "plan_invoices_payment_key" ON "plan_invoices" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "plan_invoices_subscription_idx" ON "plan_invoices" USING btree ("tenant_id","subscription_id","invoice_date");--> statement-breakpoint
CREATE UNIQUE INDEX "subscriptions_provider_key" ON "subscriptions" USING btree ("provider","provider_subscription_id");--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "payments" AS PERMISSIVE FOR ALL TO "tankha_tenant" USING ("tenant_id" = current_tenant_id()) WITH CHECK ("tenant_id" = current_tenant_id());--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "plan_invoices" AS PERMISSIVE FOR ALL TO "tankha_tenant" USING ("tenant_id" = current_tenant_id()) WITH CHECK ("tenant_id" = current_tenant_id());
--> statement-breakpoint
-- hand-written (keep when regenerating)
-- The next plan-invoice number of a financial year, taken inside the transaction that captures the
-- payment: the row lock serialises concurrent captures, and a rollback gives the number back, so the
-- numbers of a year run 1, 2, 3… without gaps or duplicates. SECURITY DEFINER because the counter is
-- global (Tankha is the one seller) and the tenant role has no grant on it; it only ever returns the
-- next integer. The argument is bound; search_path is pinned.
CREATE FUNCTION next_plan_invoice_number(p_financial_year text) RETURNS integer
  LANGUAGE plpgsql VOLATILE SECURITY DEFINER
  SET search_path = pg_catalog, public, pg_temp
AS $$
DECLARE
  v_next integer;
BEGIN
  IF p_financial_year !~ '^[0-9]{4}-[0-9]{2}$' THEN
    RAISE EXCEPTION 'next_plan_invoice_number: bad financial year %', p_financial_year;
  END IF;
  INSERT INTO public.plan_invoice_counters AS c (financial_year, last_number) VALUES (p_financial_year, 1)
    ON CONFLICT (financial_year) DO UPDATE SET last_number = c.last_number + 1
    RETURNING c.last_number INTO v_next;
  RETURN v_next;
END
$$;
