/**
 * The deposit slips a customer sent, shown beside the order's payment: a photo is drawn on
 * the page (fetched with the admin's token, so the owner checks it against the bank
 * statement without opening files), a PDF is offered for download, and either downloads.
 */
import { useEffect, useState } from "react";
import { type ApiClient, messageOf } from "../api.ts";
import { Spinner } from "../Feedback.tsx";
import { formatDateTime } from "../format.ts";
import { downloadProof } from "./slip.ts";
import { fetchProof } from "../endpoints.ts";
import type { WireOrder } from "../../../contract/records.ts";

type Proof = NonNullable<WireOrder["payment_proofs"]>[number];

/** A blob as a data: URL, which the admin page's Content-Security-Policy lets images use. */
function dataUrl(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error("The file could not be read"));
    reader.readAsDataURL(blob);
  });
}

function ProofPhoto(
  { api, orderId, proof, name }: { api: ApiClient; orderId: number; proof: Proof; name: string },
) {
  const [shown, setShown] = useState<{ src?: string; failed?: string }>({});
  useEffect(() => {
    let live = true;
    setShown({});
    fetchProof(api, orderId, proof.id).then(dataUrl).then(
      (src) => live && setShown({ src }),
      (error) => live && setShown({ failed: messageOf(error) }),
    );
    return () => {
      live = false;
    };
  }, [api, orderId, proof.id]);
  if (shown.failed) {
    return <p className="empty">Could not show {name}: {shown.failed}</p>;
  }
  if (!shown.src) return <Spinner label={`Loading ${name}`} />;
  return <img className="proof-photo" src={shown.src} alt={name} />;
}

export function PaymentProofs(
  { api, order, disabled, onDownload }: {
    api: ApiClient;
    order: WireOrder;
    disabled: boolean;
    /** Runs a download with the page's spinner and notices. */
    onDownload: (name: string, run: () => Promise<void>) => void;
  },
) {
  const proofs = order.payment_proofs ?? [];
  if (proofs.length === 0) return null;
  return (
    <ul className="payment-proofs" aria-label="Deposit slips sent">
      {proofs.map((proof, i) => {
        const pdf = proof.content_type === "application/pdf";
        const name = `Deposit slip ${i + 1}`;
        return (
          <li key={proof.id}>
            <p>
              {name}, sent{" "}
              <time dateTime={proof.uploaded_at}>{formatDateTime(proof.uploaded_at)}</time>
            </p>
            {!pdf && <ProofPhoto api={api} orderId={order.id} proof={proof} name={name} />}
            <button
              type="button"
              className="button-secondary"
              disabled={disabled}
              onClick={() =>
                onDownload(
                  `proof-${proof.id}`,
                  () =>
                    downloadProof(api, {
                      orderId: order.id,
                      proofId: proof.id,
                      position: i + 1,
                      contentType: proof.content_type,
                    }),
                )}
            >
              Download deposit slip {i + 1} ({pdf ? "PDF" : "photo"})
            </button>
          </li>
        );
      })}
    </ul>
  );
}
