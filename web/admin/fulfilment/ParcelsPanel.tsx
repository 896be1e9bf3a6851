/**
 * An order's parcels on its admin page: pack some of its lines into a parcel for a courier
 * (with its waybill and the cash it collects), then mark it handed over, delivered or
 * returned. Every rule is the server's (/api/fulfilment); a refusal is shown as it says
 * (a pre-ordered book not yet arrived, a waybill of the wrong shape, cash that does not
 * add up).
 *
 * A parcel of a courier with an API (Koombiyo) is sent to it from here: "Send to Koombiyo"
 * creates the delivery and the parcel takes Koombiyo's waybill; "Refresh tracking" moves it
 * as Koombiyo's history says. When the API fails, is not set up, or the courier has none,
 * the owner types the waybill by hand on the same parcel.
 */
import { type FormEvent, useState } from "react";
import { FULFILMENT_PATHS } from "../../../contract/fulfilment_paths.ts";
import type { WireOrder } from "../../../contract/records.ts";
import type { ShipmentStatus } from "../../../domain/fulfilment/shipments.ts";
import { messageOf } from "../api.ts";
import { useAdmin } from "../context.ts";
import { Loading, Notice, Spinner } from "../Feedback.tsx";
import { formatLkr, formatRupees, preorderLabel } from "../format.ts";
import { useLoad, useNotice } from "../hooks.ts";
import { parsePrice } from "../validation.ts";
import {
  codToCollect,
  copiesLeft,
  MOVE_WORDS,
  nextMoves,
  preorderWaitNote,
  STATUS_WORDS,
} from "./parcels.ts";
import "./fulfilment.css";

export function ParcelsPanel(
  { order, owedCents, onMoved }: {
    order: WireOrder;
    owedCents: number;
    /** Told after a parcel moves: the order's status follows its parcels on the server. */
    onMoved?: () => void;
  },
) {
  const { api } = useAdmin();
  const [loaded, reload] = useLoad(async () => {
    const [couriers, parcels, wait] = await Promise.all([
      api.call(FULFILMENT_PATHS.couriers),
      api.call(FULFILMENT_PATHS.shipments, { params: { id: order.id } }),
      api.call(FULFILMENT_PATHS.preorderWait, { params: { id: order.id } }),
    ]);
    return { couriers: couriers.data, parcels: parcels.data, wait: wait.data };
  }, [api, order.id]);
  const { notice, success, failure, clear } = useNotice();
  const [busy, setBusy] = useState<string | null>(null);
  const items = order.items ?? [];
  const parcels = loaded.data?.parcels ?? [];
  const couriers = loaded.data?.couriers ?? [];
  const waitNote = loaded.data
    ? preorderWaitNote(loaded.data.wait, order.second_parcel_fee ?? 0)
    : null;
  const left = copiesLeft(items, parcels);
  const [copies, setCopies] = useState<Record<number, string>>({});
  const [courierId, setCourierId] = useState("");
  const [waybill, setWaybill] = useState("");
  const [cod, setCod] = useState<string | null>(null);
  const [typed, setTyped] = useState<Record<number, string>>({});
  const [tracking, setTracking] = useState<Record<number, string>>({});

  const chosen = (id: number) => copies[id] ?? String(left.get(id) ?? 0);
  const takesTheRest = items.every((item) => Number(chosen(item.id)) === (left.get(item.id) ?? 0));
  const suggested = codToCollect(owedCents, parcels, takesTheRest);
  const codText = cod ?? (suggested / 100).toFixed(2);
  const anyLeft = [...left.values()].some((n) => n > 0);

  const run = async (name: string, call: () => Promise<unknown>, done: string) => {
    setBusy(name);
    clear();
    try {
      await call();
      success(done);
      reload();
      return true;
    } catch (error) {
      failure(messageOf(error));
      return false;
    } finally {
      setBusy(null);
    }
  };

  const pack = async (event: FormEvent) => {
    event.preventDefault();
    const amount = parsePrice(codText, "Cash to collect");
    if (!amount.ok) return failure(amount.message);
    if (!courierId) return failure("Choose the courier");
    const lines = items.map((item) => ({
      order_line_id: item.id,
      quantity: Number(chosen(item.id)),
    })).filter((line) => Number.isInteger(line.quantity) && line.quantity > 0);
    const packed = await run(
      "pack",
      () =>
        api.call(FULFILMENT_PATHS.pack, {
          params: { id: order.id },
          json: {
            lines,
            courier_id: courierId,
            waybill: waybill.trim() || null,
            cod_amount: amount.value,
          },
        }),
      `Parcel packed for order #${order.id}`,
    );
    if (packed) {
      setCopies({});
      setWaybill("");
      setCod(null);
    }
  };

  const move = async (id: number, status: ShipmentStatus) => {
    const moved = await run(
      `move-${id}`,
      () => api.call(FULFILMENT_PATHS.move, { params: { id }, json: { status } }),
      `Parcel ${STATUS_WORDS[status].toLowerCase()}`,
    );
    if (moved) onMoved?.();
  };

  const sendToCourier = (id: number, name: string) =>
    run(
      `send-${id}`,
      () => api.call(FULFILMENT_PATHS.sendToCourier, { params: { id } }),
      `Parcel sent to ${name}`,
    );

  const refreshTracking = async (id: number, name: string) => {
    setBusy(`track-${id}`);
    clear();
    try {
      const answer = await api.call(FULFILMENT_PATHS.refreshTracking, { params: { id } });
      const last = answer.data.events.at(-1);
      setTracking({ ...tracking, [id]: last ? `${last.courier_status} (${last.at})` : "" });
      success(`Tracking read from ${name}: ${STATUS_WORDS[answer.data.shipment.status]}`);
      reload();
      onMoved?.();
    } catch (error) {
      failure(messageOf(error));
    } finally {
      setBusy(null);
    }
  };

  const saveWaybill = async (event: FormEvent, id: number) => {
    event.preventDefault();
    const waybill = (typed[id] ?? "").trim();
    if (!waybill) return failure("Type the courier's waybill number");
    const saved = await run(
      `waybill-${id}`,
      () => api.call(FULFILMENT_PATHS.waybill, { params: { id }, json: { waybill } }),
      `Waybill ${waybill} saved`,
    );
    if (saved) setTyped({ ...typed, [id]: "" });
  };

  const title = (lineId: number) => items.find((item) => item.id === lineId)?.title ?? lineId;
  const courierName = (id: string) => couriers.find((c) => c.id === id)?.name ?? id;
  const hasApi = (id: string) => Boolean(couriers.find((c) => c.id === id)?.api);

  return (
    <section aria-labelledby="order-parcels" className="order-parcels">
      <h3 id="order-parcels">Parcels</h3>
      <Notice notice={notice} onDismiss={clear} />
      {loaded.state === "error" && (
        <p role="alert" className="notice notice-failure">
          Could not load the parcels: {loaded.message}
        </p>
      )}
      {!loaded.data && loaded.state === "loading" && <Loading label="Loading parcels" />}
      {waitNote && <p className="notice notice-info preorder-wait" role="status">{waitNote}</p>}
      {loaded.data && parcels.length === 0 && <p className="empty">No parcel packed yet</p>}
      <ol className="parcel-list">
        {parcels.map((parcel, i) => (
          <li key={parcel.id} className="parcel" data-parcel={parcel.id}>
            <p className="parcel-head">
              <strong>Parcel {i + 1}</strong> · {courierName(parcel.courier_id)}
              {parcel.waybill && <>{" · "}Waybill {parcel.waybill}</>}{" "}
              <span className={`badge badge-parcel-${parcel.status}`}>
                {STATUS_WORDS[parcel.status]}
              </span>
            </p>
            <ul className="parcel-lines">
              {parcel.lines.map((line) => (
                <li key={line.order_line_id}>{line.quantity} × {title(line.order_line_id)}</li>
              ))}
            </ul>
            <p>
              Cash to collect: <span className="money">{formatRupees(parcel.cod_amount)}</span>
              {parcel.tracking_url && (
                <>
                  {" · "}
                  <a href={parcel.tracking_url} target="_blank" rel="noopener noreferrer">
                    Tracking link
                  </a>
                </>
              )}
            </p>
            {tracking[parcel.id] && (
              <p className="field-hint">
                {courierName(parcel.courier_id)} says: {tracking[parcel.id]}
              </p>
            )}
            <div className="order-actions">
              {hasApi(parcel.courier_id) && parcel.status === "packed" && !parcel.waybill && (
                <button
                  type="button"
                  className="button-primary"
                  disabled={busy !== null}
                  onClick={() => sendToCourier(parcel.id, courierName(parcel.courier_id))}
                >
                  {busy === `send-${parcel.id}`
                    ? <Spinner label={`Sending to ${courierName(parcel.courier_id)}`} />
                    : null}
                  Send to {courierName(parcel.courier_id)}
                </button>
              )}
              {hasApi(parcel.courier_id) && parcel.waybill &&
                (parcel.status === "packed" || parcel.status === "handed_over") && (
                <button
                  type="button"
                  className="button-secondary"
                  disabled={busy !== null}
                  onClick={() => refreshTracking(parcel.id, courierName(parcel.courier_id))}
                >
                  {busy === `track-${parcel.id}` ? <Spinner label="Reading tracking" /> : null}
                  Refresh tracking
                </button>
              )}
              {nextMoves(parcel.status).map((status) => (
                <button
                  key={status}
                  type="button"
                  className={status === "returned" ? "button-secondary" : "button-primary"}
                  disabled={busy !== null}
                  onClick={() => move(parcel.id, status)}
                >
                  {busy === `move-${parcel.id}` ? <Spinner label={MOVE_WORDS[status]} /> : null}
                  {MOVE_WORDS[status]}
                </button>
              ))}
            </div>
            {parcel.status === "packed" && !parcel.waybill && (
              <form
                className="parcel-waybill"
                aria-label={`Waybill of parcel ${i + 1}`}
                onSubmit={(e) => saveWaybill(e, parcel.id)}
              >
                <label>
                  Waybill typed by hand
                  <input
                    value={typed[parcel.id] ?? ""}
                    maxLength={40}
                    autoComplete="off"
                    onChange={(e) => setTyped({ ...typed, [parcel.id]: e.target.value })}
                  />
                </label>
                <button type="submit" className="button-secondary" disabled={busy !== null}>
                  {busy === `waybill-${parcel.id}` ? <Spinner label="Saving" /> : null}
                  Save waybill
                </button>
              </form>
            )}
          </li>
        ))}
      </ol>
      {loaded.data && anyLeft && (
        <form className="parcel-form" onSubmit={pack} aria-label="Pack a parcel">
          <h4>Pack a parcel</h4>
          <fieldset>
            <legend>Copies in this parcel</legend>
            {items.filter((item) =>
              (left.get(item.id) ?? 0) > 0
            ).map((item) => (
              <label key={item.id} className="parcel-copies">
                <span>
                  {item.title}
                  {item.preorder && (
                    <span className="badge badge-preorder">
                      {preorderLabel(item.preorder_date)}
                    </span>
                  )}
                  <span className="field-hint">{left.get(item.id)} left to pack</span>
                </span>
                <input
                  type="number"
                  aria-label={`Copies of ${item.title}`}
                  inputMode="numeric"
                  min={0}
                  max={left.get(item.id)}
                  value={chosen(item.id)}
                  onChange={(e) => setCopies({ ...copies, [item.id]: e.target.value })}
                />
              </label>
            ))}
          </fieldset>
          <label>
            Courier
            <select
              value={courierId}
              onChange={(e) =>
                setCourierId(e.target.value)}
            >
              <option value="">Choose…</option>
              {couriers.map((c) => <option key={c.id} value={c.id}>{c.name}</option>)}
            </select>
          </label>
          <label>
            Waybill or tracking number
            <input
              value={waybill}
              maxLength={40}
              autoComplete="off"
              onChange={(e) =>
                setWaybill(e.target.value)}
            />
          </label>
          <label>
            Cash to collect (LKR)
            <input
              inputMode="decimal"
              value={codText}
              onChange={(e) => setCod(e.target.value)}
            />
            <span className="field-hint">
              The order owes {formatLkr(owedCents)} on delivery over all its parcels
            </span>
          </label>
          <button type="submit" className="button-primary" disabled={busy !== null}>
            {busy === "pack" ? <Spinner label="Packing" /> : null}
            Pack parcel
          </button>
        </form>
      )}
    </section>
  );
}
