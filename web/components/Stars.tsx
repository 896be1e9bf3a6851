/**
 * The fixed four-of-five star row the design puts on every book. It is decoration, not a
 * rating anyone gave, so assistive technology is told nothing about it.
 */
import { useI18n } from "../i18n/mod.ts";

export function Stars() {
  return (
    <span className="stars" aria-hidden="true">
      <span>★★★★</span>
      <span className="star-off">★</span>
    </span>
  );
}

export function Spinner({ label }: { label?: string }) {
  const { t } = useI18n();
  return (
    <span className="spinner" role="status">
      <span className="spinner-ring" aria-hidden="true" />
      <span className="visually-hidden">{label ?? t("spinner.loading")}</span>
    </span>
  );
}
