CREATE TABLE "gateway_calls" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"operation" text NOT NULL,
	"order_id" text,
	"transaction_id" text,
	"outcome" text NOT NULL,
	"gateway_code" text,
	"http_status" integer,
	"latency_ms" integer NOT NULL,
	"attempts" integer DEFAULT 1 NOT NULL,
	"request" jsonb NOT NULL,
	"response" jsonb,
	"started_at" timestamp with time zone NOT NULL,
	CONSTRAINT "gateway_calls_outcome_check" CHECK ("gateway_calls"."outcome" in ('success', 'declined', 'gateway_error', 'transport')),
	CONSTRAINT "gateway_calls_latency_check" CHECK ("gateway_calls"."latency_ms" >= 0)
);
--> statement-breakpoint
CREATE INDEX "gateway_calls_transaction_idx" ON "gateway_calls" USING btree ("transaction_id","started_at");--> statement-breakpoint
CREATE INDEX "gateway_calls_order_idx" ON "gateway_calls" USING btree ("order_id","started_at");--> statement-breakpoint
CREATE INDEX "gateway_calls_started_idx" ON "gateway_calls" USING btree ("started_at");