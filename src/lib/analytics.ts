// Analytics port (02 §7.5: 'unlock_budget_click' on a popular-search click). No third-party
// script by default: events go to window.dataLayer when a tag manager put one there, and to any
// sink registered with setAnalyticsSink (replaceable adapter).
export type AnalyticsEvent =
  { event: 'unlock_budget_click'; search_term: string } | { event: string; [key: string]: unknown };

export type AnalyticsSink = (event: AnalyticsEvent) => void;

let sink: AnalyticsSink | null = null;

export function setAnalyticsSink(next: AnalyticsSink | null): void {
  sink = next;
}

export function track(event: AnalyticsEvent): void {
  try {
    const w = globalThis as { dataLayer?: unknown[] };
    if (Array.isArray(w.dataLayer)) w.dataLayer.push(event);
    sink?.(event);
  } catch {
    // analytics never breaks the product
  }
}
