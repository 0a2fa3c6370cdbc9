-- What each group's stored batches were computed from, so a sweep over every group batches
-- only the groups whose open orders changed. Empty at first: the next sweep over every group
-- batches them all once and fills it.
CREATE TABLE "preparation_groups" (
	"zone_id" integer NOT NULL,
	"delivery_date" date NOT NULL,
	"time_slot_id" integer NOT NULL,
	"input_digest" text NOT NULL,
	CONSTRAINT "preparation_groups_delivery_date_zone_id_time_slot_id_pk" PRIMARY KEY("delivery_date","zone_id","time_slot_id")
);
