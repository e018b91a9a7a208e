// Minimal types of the jsdom API the benchmarks use (jsdom ships without types; @types/jsdom is not
// a dependency of the project).
declare module 'jsdom' {
  export class JSDOM {
    constructor(html?: string, options?: { url?: string; pretendToBeVisual?: boolean });
    readonly window: Window & typeof globalThis;
  }
}
