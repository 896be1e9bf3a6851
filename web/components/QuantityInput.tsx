/**
 * The number between a stepper's − and +: typed as well as stepped (20 exercise books are
 * typed, not 19 taps), held within 1 and the room left (domain/cart/typed_quantity.ts). While
 * the box is being typed in it shows what is typed; once left, the quantity it came to.
 */
import { forwardRef, useState } from "react";
import { typedQuantity } from "../../domain/cart/typed_quantity.ts";

export interface QuantityInputProps {
  quantity: number;
  /** The most there is room for (the stock, the copies one order may hold). */
  room: number;
  label: string;
  /** Ids of the notes that say why the count stops, when it does. */
  describedBy?: string;
  onQuantity: (quantity: number) => void;
}

export const QuantityInput = forwardRef<HTMLInputElement, QuantityInputProps>(
  function QuantityInput({ quantity, room, label, describedBy, onQuantity }, ref) {
    // What is being typed, while the box is being typed in; otherwise (null) the box shows
    // the quantity itself, in the same render as a button that changed it.
    const [typed, setTyped] = useState<string | null>(null);
    return (
      <input
        ref={ref}
        className="quantity-input"
        type="text"
        inputMode="numeric"
        pattern="[0-9]*"
        autoComplete="off"
        aria-label={label}
        aria-describedby={describedBy}
        value={typed ?? String(quantity)}
        onChange={(e) => {
          setTyped(e.target.value);
          const asked = typedQuantity(e.target.value, room);
          if (asked !== undefined) onQuantity(asked);
        }}
        onBlur={() => setTyped(null)}
      />
    );
  },
);
