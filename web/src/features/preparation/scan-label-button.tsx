import { Button, Modal, Text } from "@mantine/core";
import { useEffect, useRef, useState } from "react";
import { readGs1NetWeight } from "../../../../domain/catch-weight";
import type { Grams } from "../../../../domain/money";

/** The part of the Shape Detection API we use (Android Chrome); not in TypeScript's DOM types. */
interface Detector {
  detect(source: HTMLVideoElement): Promise<{ rawValue: string }[]>;
}
type DetectorClass = new (options: { formats: string[] }) => Detector;
const detectorClass = () => (globalThis as { BarcodeDetector?: DetectorClass }).BarcodeDetector;

/**
 * 'Escanear etiqueta': where the browser reads barcodes, the camera reads a GS1-128 label and
 * hands over its net weight (AI 310n). Hidden where it cannot (desktop, iOS Safari).
 */
export function ScanLabelButton({ product, onWeight }: { product: string; onWeight(grams: Grams): void }) {
  const [open, setOpen] = useState(false);
  if (!detectorClass()) return null;
  return (
    <>
      <Button variant="subtle" size="compact-sm" ml={34} w="fit-content" onClick={() => setOpen(true)}>
        Escanear etiqueta
      </Button>
      {open && (
        <Scanner
          product={product}
          onClose={() => setOpen(false)}
          onWeight={(grams) => {
            setOpen(false);
            onWeight(grams);
          }}
        />
      )}
    </>
  );
}

function Scanner({ product, onClose, onWeight }: { product: string; onClose(): void; onWeight(grams: Grams): void }) {
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
        const grams = codes.map((c) => readGs1NetWeight(c.rawValue)).find((g) => g !== null);
        if (grams) return onWeight(grams);
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
    <Modal opened onClose={onClose} title={`Etiqueta de ${product}`} centered>
      {failed ? (
        <Text c="red.8">No se pudo usar la cámara. Escriba el peso o use el lector.</Text>
      ) : (
        <>
          <video ref={video} muted playsInline style={{ width: "100%" }} aria-label="Cámara" />
          <Text size="sm" c="dimmed">
            Apunte al código de barras de la etiqueta (GS1-128 con peso neto).
          </Text>
        </>
      )}
    </Modal>
  );
}
