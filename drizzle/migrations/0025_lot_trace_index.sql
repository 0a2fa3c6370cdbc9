-- A lot's recall trace (issue 42) reads the orders that took the lot and their kilograms from
-- order_detail_lots_lot_idx alone: quantity joins the index, so the busiest lot's rows are an
-- index-only scan instead of one heap page per row.
DROP INDEX "order_detail_lots_lot_idx";--> statement-breakpoint
CREATE INDEX "order_detail_lots_lot_idx" ON "order_detail_lots" USING btree ("lot_id","order_id","quantity");