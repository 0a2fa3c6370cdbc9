import { Button } from "@mantine/core";
import { useState } from "react";
import { BOARD_MESSAGES } from "@domain/contracts/boards";
import { errorMessage } from "../../api/messages";
import { Confirm } from "../../components/confirm";
import { notifyError, notifySuccess } from "../../components/notify";
import { useResetAssignments } from "./api/reset-assignments";

/** 'Reiniciar asignaciones', asked first: every Armado order back to Sin asignar. */
export function ResetAssignmentsButton() {
  const resetting = useResetAssignments();
  const [confirming, setConfirming] = useState(false);

  async function reset() {
    setConfirming(false);
    try {
      notifySuccess((await resetting.mutateAsync()).message);
    } catch (error) {
      notifyError(errorMessage(error, BOARD_MESSAGES.preparedLoadFailed));
    }
  }

  return (
    <>
      <Button variant="light" color="red" onClick={() => setConfirming(true)}>
        Reiniciar asignaciones
      </Button>
      <Confirm
        opened={confirming}
        message="¿Reiniciar todas las asignaciones? Los pedidos vuelven a Sin asignar."
        confirmLabel="Reiniciar"
        cancelLabel="No"
        onConfirm={reset}
        onCancel={() => setConfirming(false)}
      />
    </>
  );
}
