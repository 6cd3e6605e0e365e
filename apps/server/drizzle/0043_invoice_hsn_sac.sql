DROP INDEX "invoices_tenant_number_key";--> statement-breakpoint
ALTER TABLE "invoice_items" ADD COLUMN "hsn_sac" text;--> statement-breakpoint
ALTER TABLE "invoice_items" ADD COLUMN "unit" text;--> statement-breakpoint
ALTER TABLE "invoice_parties" ADD COLUMN "turnover_above_five_crore" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "financial_year" text;--> statement-breakpoint
UPDATE "invoices" SET "financial_year" = CASE WHEN EXTRACT(MONTH FROM "invoice_date") >= 4 THEN EXTRACT(YEAR FROM "invoice_date")::int::text || '-' || lpad(((EXTRACT(YEAR FROM "invoice_date")::int + 1) % 100)::text, 2, '0') ELSE (EXTRACT(YEAR FROM "invoice_date")::int - 1)::text || '-' || lpad((EXTRACT(YEAR FROM "invoice_date")::int % 100)::text, 2, '0') END;--> statement-breakpoint
ALTER TABLE "invoices" ALTER COLUMN "financial_year" SET NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_tenant_year_number_key" ON "invoices" USING btree ("tenant_id","financial_year",lower("invoice_number"));