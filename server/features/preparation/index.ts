/**
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
