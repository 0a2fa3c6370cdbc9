import { useState } from "react";
import { Confirm } from "../../components/confirm";
import { notifyFailure, notifySuccess } from "../../components/notify";

/** What a button asks to be confirmed: the question, what to run, and the notices after. */
export interface PendingAction {
  message: string;
  failure: string;
  run(): Promise<unknown>;
  success: string;
}

/** One action waiting for 'Confirmar' at a time: `ask` opens the dialog, `dialog` renders it. */
export function usePendingAction() {
  const [action, setAction] = useState<PendingAction | null>(null);
  const [busy, setBusy] = useState(false);

  async function confirm() {
    if (!action) return;
    setBusy(true);
    try {
      await action.run();
      notifySuccess(action.success);
    } catch (failure) {
      notifyFailure(failure, action.failure);
    } finally {
      setBusy(false);
      setAction(null);
    }
  }

  const dialog = (
    <Confirm
      opened={!!action}
      message={action?.message ?? ""}
      loading={busy}
      onConfirm={confirm}
      onCancel={() => setAction(null)}
    />
  );
  return { ask: setAction, dialog };
}
