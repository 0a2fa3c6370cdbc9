import { Button, Group, Modal, Text } from "@mantine/core";

interface ConfirmProps {
  opened: boolean;
  message: string;
  confirmLabel?: string;
  cancelLabel?: string;
  loading?: boolean;
  onConfirm(): void;
  onCancel(): void;
}

/** A yes/no question before an action that cannot be undone. */
export function Confirm({
  opened,
  message,
  confirmLabel = "Confirmar",
  cancelLabel = "Cancelar",
  loading,
  onConfirm,
  onCancel,
}: ConfirmProps) {
  return (
    <Modal opened={opened} onClose={onCancel} title="Confirmación" centered>
      <Text mb="lg">{message}</Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel}>
          {cancelLabel}
        </Button>
        <Button color="red" loading={loading} onClick={onConfirm}>
          {confirmLabel}
        </Button>
      </Group>
    </Modal>
  );
}
