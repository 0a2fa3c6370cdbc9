-- A preparation card carries its order's lines ([product id, KG or UN, amount]) so a board sums a
-- rebuilt batch's pick list itself: the stored views written before lack them, so the next sweep
-- rebuilds every group's views.
UPDATE "preparation_cursor" SET "names_changed" = true WHERE "id" = 1;
