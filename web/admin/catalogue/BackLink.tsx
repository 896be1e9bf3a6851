/** The way back from an edit page to the catalogue. */
import type { MouseEvent } from "react";
import { navigate } from "../navigation.ts";

export function BackLink() {
  function follow(event: MouseEvent<HTMLAnchorElement>) {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    navigate("/admin/catalogue");
  }
  return <a href="/admin/catalogue" className="back-link" onClick={follow}>← Back to catalogue</a>;
}
