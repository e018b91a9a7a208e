/**
 * Slot of the app shell for the PWA prompts (install, update). The lead fills it; it renders
 * nothing until then.
 */
export function ShellExtras() {
  return <></>;
}
