/** What a shopper sees while the shop is asked: a ring, and its words for screen readers. */
import { useI18n } from "../i18n/mod.ts";

export function Spinner({ label }: { label?: string }) {
  const { t } = useI18n();
  return (
    <span className="spinner" role="status">
      <span className="spinner-ring" aria-hidden="true" />
      <span className="visually-hidden">{label ?? t("spinner.loading")}</span>
    </span>
  );
}
