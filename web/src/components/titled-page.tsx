import { PageTitle } from "./page-title";

/** A route whose screen is only its title so far. */
export function TitledPage({ title }: { title: string }) {
  return <PageTitle>{title}</PageTitle>;
}
