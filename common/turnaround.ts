/**
 * The one turnaround promise: how many hours after a report is asked for it is delivered.
 * The plans, the pricing questions, the customer form and the customer's email all state it
 * from here, so that no page can promise what another does not.
 */
export const TURNAROUND_HOURS = {
  /** Pay-Per-Report. */
  basic: 24,
  /** Monthly Subscription: priority processing. */
  premium: 12,
} as const;

/** Pay-Per-Report's promise, as its plan lists it. */
export const STANDARD_TURNAROUND = `${TURNAROUND_HOURS.basic}-hour turnaround`;

/** The subscription's faster promise, as its plan lists it. */
export const PRIORITY_TURNAROUND = `${TURNAROUND_HOURS.premium}-hour priority processing`;

/**
 * What a customer is told. The form and the customer's email do not know (and must not reveal)
 * which plan their energy professional is on, so they state the longest promise, which every
 * plan keeps.
 */
export const CUSTOMER_TURNAROUND_HOURS = Math.max(...Object.values(TURNAROUND_HOURS));

/** "within 24 hours", for sentences to the customer. */
export const CUSTOMER_TURNAROUND = `within ${CUSTOMER_TURNAROUND_HOURS} hours`;

/** The customer form's heading over the promise. */
export const CUSTOMER_TURNAROUND_HEADING = `Processing ${CUSTOMER_TURNAROUND}`;
