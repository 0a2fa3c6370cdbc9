import { Button, Modal, Radio, Stack, Text, Textarea } from "@mantine/core";
import { useState } from "react";
import type { CourierStop } from "@domain/contracts/courier";
import { COURIER_MESSAGES } from "@domain/contracts/courier";
import { NOT_DELIVERED_REASONS, type NotDeliveredReason } from "@domain/courier";
import { ApiError } from "../../api/messages";
import { notifyError, notifySuccess } from "../../components/notify";
import { useMarkNotDelivered } from "./api/mark-not-delivered";

/** No entregado: a reason (Otro needs a text); the order goes back to the dispatch board. */
interface NotDeliveredModalProps {
  stop: CourierStop;
  onClose(): void;
  /** Chosen beforehand: 'Cadena de frío' when 'Entregado' found the goods too warm. */
  initialReason?: NotDeliveredReason | null;
}

export function NotDeliveredModal({ stop, onClose, initialReason = null }: NotDeliveredModalProps) {
  const [reason, setReason] = useState<NotDeliveredReason | null>(initialReason);
  const [text, setText] = useState("");
  const [error, setError] = useState<string | null>(null);
  const mark = useMarkNotDelivered();

  async function confirm() {
    if (!reason) return setError(COURIER_MESSAGES.reason);
    if (reason === "Otro" && !text.trim()) return setError(COURIER_MESSAGES.reasonText);
    setError(null);
    try {
      notifySuccess((await mark.mutateAsync({ orderId: stop.order_id, reason, text })).message);
      onClose();
    } catch (failure) {
      const message = failure instanceof ApiError ? failure.message : "No se pudo registrar.";
      setError(message);
      notifyError(message);
    }
  }

  return (
    <Modal opened onClose={onClose} title={`No entregado: ${stop.client_name}`} fullScreen={window.innerWidth < 500}>
      <Stack>
        <Radio.Group label="Motivo" value={reason} onChange={(value) => setReason(value as NotDeliveredReason)}>
          <Stack gap="sm" mt="xs">
            {NOT_DELIVERED_REASONS.map((r) => (
              <Radio key={r} value={r} label={r} size="md" />
            ))}
          </Stack>
        </Radio.Group>
        {reason === "Otro" && (
          <Textarea
            label="¿Qué pasó?"
            value={text}
            onChange={(e) => setText(e.currentTarget.value)}
            autosize
            minRows={2}
          />
        )}
        {error && <Text c="red.8">{error}</Text>}
        <Button size="lg" color="red.9" loading={mark.isPending} onClick={() => void confirm()}>
          Confirmar: no entregado
        </Button>
      </Stack>
    </Modal>
  );
}
