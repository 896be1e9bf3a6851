/**
 * A form's submit button where a change applies at once in an island (`live`): there the
 * button is for a browser without scripts only, inside <noscript>, so that hydration takes
 * nothing away and moves nothing below it (a layout shift). Without `live`, always shown.
 */
export function ScriptlessSubmit({ live, label }: { live: boolean; label: string }) {
  const button = <button type="submit" className="button">{label}</button>;
  return live ? <noscript>{button}</noscript> : button;
}
