import { Button, Group, SegmentedControl } from "@mantine/core";
import type { ReactNode } from "react";
import { Link, useSearchParams } from "react-router";
import { PAPERS, paperOf, type Paper } from "@domain/remito";
import "./print.css";

/** The paper chosen in the address (`?papel=80mm`), so a bookmarked or reloaded page prints the same. */
export function usePaper(): [Paper, (paper: Paper) => void] {
  const [params, setParams] = useSearchParams();
  const paper = paperOf(params.get("papel"));
  return [
    paper,
    (next) =>
      setParams(
        (current) => {
          current.set("papel", next);
          return current;
        },
        { replace: true },
      ),
  ];
}

/**
 * A printable document from the browser's own print: a toolbar on screen (back, paper, print)
 * that the print stylesheet hides, the document on its paper, and the page size for the printer.
 */
export function PrintPage({
  title,
  back,
  actions,
  children,
}: {
  title: string;
  back: string;
  /** Buttons of the document's own beside 'Imprimir' (an export); off the paper like the rest of the toolbar. */
  actions?: ReactNode;
  children: ReactNode;
}) {
  const [paper, setPaper] = usePaper();
  const { page, margin } = PAPERS[paper];
  return (
    <main className="print-screen" aria-label={title}>
      <style>{`@page { size: ${page}; margin: ${margin}; }`}</style>
      <Group className="print-toolbar" justify="space-between" wrap="wrap" gap="sm" data-testid="print-toolbar">
        <Button component={Link} to={back} variant="default">
          Volver
        </Button>
        <Group gap="sm" wrap="wrap">
          <SegmentedControl
            aria-label="Papel"
            value={paper}
            onChange={(value) => setPaper(value as Paper)}
            data={Object.entries(PAPERS).map(([value, p]) => ({ value, label: p.label }))}
          />
          {actions}
          <Button onClick={() => window.print()}>Imprimir</Button>
        </Group>
      </Group>
      <article className="print-doc" data-paper={paper} data-testid="print-doc">
        {children}
      </article>
    </main>
  );
}
