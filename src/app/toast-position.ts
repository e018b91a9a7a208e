/** Default 4000 ms, 3 visible, alt+T (01 §9); bottom-right, top-right in the training and survey areas (02 §9). */
export const TOAST_DURATION_MS = 4000;
export const TOAST_VISIBLE = 3;

const TOP_RIGHT_AREAS = [/^\/training(\/|-|$)/, /^\/team-survey/, /^\/survey(\/|-)/];

export function toastPositionFor(pathname: string): 'top-right' | 'bottom-right' {
  return TOP_RIGHT_AREAS.some((re) => re.test(pathname)) ? 'top-right' : 'bottom-right';
}
