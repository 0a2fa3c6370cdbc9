import { errorMessage } from "../api/messages";
import { Confirm } from "./confirm";
import { notifyError, notifySuccess } from "./notify";

const MARK = { entregado: "Entregado", no_entregado: "No entregado", pendiente: "" } as const;

interface UndoMarkConfirmProps {
  opened: boolean;
  orderId: number;
  state: keyof typeof MARK;
  /** What else undoing does, after "La parada vuelve a pendiente" (the office's undo moves the order too). */
  outcome?: string;
  /** The courier's or the office's undo (each its own endpoint). */
  undo: { mutateAsync(orderId: number): Promise<{ message: string }>; isPending: boolean };
  onClose(): void;
}

/** The question before undoing a courier's mark, then the server's answer or its reason as a notice. */
export function UndoMarkConfirm({ opened, orderId, state, outcome = "", undo, onClose }: UndoMarkConfirmProps) {
  async function confirm() {
    try {
      notifySuccess((await undo.mutateAsync(orderId)).message);
    } catch (error) {
      notifyError(errorMessage(error, "No se pudo deshacer la marca."));
    }
    onClose();
  }
  return (
    <Confirm
      opened={opened}
      message={`¿Deshacer “${MARK[state]}” del pedido #${orderId}? La parada vuelve a pendiente${outcome}.`}
      confirmLabel="Deshacer"
      cancelLabel="No"
      loading={undo.isPending}
      onConfirm={() => void confirm()}
      onCancel={onClose}
    />
  );
}

/** How a mark reads on its button. */
export const markLabel = (state: keyof typeof MARK) => MARK[state];
