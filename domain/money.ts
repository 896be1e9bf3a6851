/** Money is Sri Lankan rupees held as integer cents until the last formatter. */
export type Cents = number;

/** Weight is held as integer grams; the wire and the screens speak kilograms. */
export type Grams = number;
