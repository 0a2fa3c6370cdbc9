/**
 * Preparation: the board of batches and the checklist's reads.
 * - batches.ts: `recomputeGroups` re-batches a zone/date/slot group with `batchOrders`
 *   (domain/batching.ts) and stores it as the board shows it; views.ts: a batch's cards and pick list.
 * - sweep.ts: the loop that re-batches what order events changed (workers/loops/preparation-sweep.ts),
 *   announce.ts: its `preparation.updated` deltas (docs/live-path.md).
 * - service.ts, repository.ts: the board read for a date, and its SQL.
 * Preparado! and Pendiente are status moves of the orders feature (POST /api/orders/prepared/).
 *
 * Decisions (docs/decisions/README.md):
 * - docs/decisions/preparation/0001-preparation-after-bulk-changes.md
 * - docs/decisions/preparation/0006-preparation-new-order-highlight.md
 * - docs/decisions/preparation/0024-checklist-ticks-in-local-storage.md
 * - docs/decisions/preparation/0043-every-group-checked-periodically.md
 * - docs/decisions/preparation/0082-pick-list.md
 * - docs/decisions/preparation/0085-preparation-batch-sizes.md
 * - docs/decisions/preparation/0086-preparation-board-stored-as-shown.md
 * - docs/decisions/preparation/0087-preparation-sweep-follows-the-outbox.md
 * - docs/decisions/preparation/0102-rename-rebuilds-views-showing-it.md
 * - docs/decisions/preparation/0114-sweep-rebuilds-only-what-changed.md
 * - docs/decisions/preparation/0136-preparation-events-by-date-and-delta.md
 * - docs/decisions/preparation/0150-preparation-sweep-loop.md
 * - docs/decisions/preparation/0158-catch-weight.md
 */
// The public entry of preparation: what other features, plugins and workers may use of it (.dependency-cruiser.cjs).
export { startPreparationSweeper } from "./sweep";
