import { Button, Modal, Text } from "@mantine/core";
import { useEffect, useRef, useState } from "react";

/** The part of the Shape Detection API we use (Android Chrome); not in TypeScript's DOM types. */
interface Detector {
  detect(source: HTMLVideoElement): Promise<{ rawValue: string }[]>;
}
type DetectorClass = new (options: { formats: string[] }) => Detector;
const detectorClass = () => (globalThis as { BarcodeDetector?: DetectorClass }).BarcodeDetector;

/** What a scan reads off a GS1-128 label, and what the dialog says while it looks. */
export interface LabelReading<T> {
  /** The button's words ('Escanear etiqueta', 'Escanear lote'). */
  label: string;
  /** The dialog's title: 'Etiqueta de Pollo entero'. */
  title: string;
  /** Where to point the camera. */
  hint: string;
  /** Said when the camera cannot be used: what to do instead. */
  fallback: string;
  /** What the label holds for this field (its net weight, its lot), or null to keep looking. */
  read(raw: string): T | null;
  onRead(value: T): void;
}

/**
 * A camera button beside a field a handheld scanner can also fill: where the browser reads
 * barcodes, the camera reads a GS1-128 label and hands over what `read` takes from it (the
 * net weight, AI 310n; the lot, AI 10 and 17). Hidden where it cannot (desktop, iOS Safari).
 */
export function ScanLabelButton<T>({ indent = 0, ...props }: LabelReading<T> & { indent?: number }) {
  const [open, setOpen] = useState(false);
  if (!detectorClass()) return null;
  return (
    <>
      <Button variant="subtle" size="compact-sm" ml={indent} w="fit-content" onClick={() => setOpen(true)}>
        {props.label}
      </Button>
      {open && (
        <Scanner
          {...props}
          onClose={() => setOpen(false)}
          onRead={(value) => {
            setOpen(false);
            props.onRead(value);
          }}
        />
      )}
    </>
  );
}

function Scanner<T>({ title, hint, fallback, read, onRead, onClose }: LabelReading<T> & { onClose(): void }) {
  const video = useRef<HTMLVideoElement>(null);
  const [failed, setFailed] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the camera opens once per dialog
  useEffect(() => {
    const Detector = detectorClass();
    let stream: MediaStream | null = null;
    let stopped = false;
    async function run() {
      if (!Detector) return;
      stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: "environment" } });
      if (stopped || !video.current) return;
      video.current.srcObject = stream;
      await video.current.play();
      const detector = new Detector({ formats: ["code_128"] });
      while (!stopped) {
        const codes = await detector.detect(video.current);
        const found = codes.map((c) => read(c.rawValue)).find((value) => value !== null);
        if (found !== undefined && found !== null) return onRead(found);
        await new Promise((resolve) => requestAnimationFrame(resolve));
      }
    }
    run().catch(() => setFailed(true));
    return () => {
      stopped = true;
      for (const track of stream?.getTracks() ?? []) track.stop();
    };
  }, []);
  return (
    <Modal opened onClose={onClose} title={title} centered>
      {failed ? (
        <Text c="red.8">{fallback}</Text>
      ) : (
        <>
          <video ref={video} muted playsInline style={{ width: "100%" }} aria-label="Cámara" />
          <Text size="sm" c="dimmed">
            {hint}
          </Text>
        </>
      )}
    </Modal>
  );
}
