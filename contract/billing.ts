import * as z from 'zod/mini';
import { CARD_EXPIRY_YEAR_MAX, CARD_EXPIRY_YEAR_MIN } from '@domain/cards';
import { ID_MAX_LENGTH } from '@domain/limits';
import { defineEndpoint, MessageBody, messageFields } from './endpoint';
import { idField, nameField } from './fields';

/**
 * The billing statement (docs/product/billing.md, 'Billing statement'). `renewDate` is in seconds,
 * `amountDue` in cents. `status` is a plan status of domain/billing.ts; the wire carries any
 * string, so unknown statuses still parse.
 */
export const Subscription = z.object({
  status: z.string(),
  /** True when the organization is billed by invoice (custom billing). */
  invoice: z.boolean(),
  renewDate: z.number(),
  amountDue: z.number().check(z.int()),
});
export type Subscription = z.infer<typeof Subscription>;

export const Card = z.object({
  /** Card network: ours (domain/cards.ts) or any the card payment provider names. */
  network: z.string(),
  lastFour: z.string().check(z.regex(/^\d{4}$/)),
});
export type Card = z.infer<typeof Card>;

export const BillingInfo = z.looseObject({
  ...messageFields,
  subscription: Subscription,
  /** Null when no payment method is stored. */
  card: z.nullable(Card),
});
export type BillingInfo = z.infer<typeof BillingInfo>;

export const getBillingInfo = defineEndpoint({
  method: 'GET',
  path: '/customer-billing-info',
  response: BillingInfo,
});

/**
 * The plan (docs/product/billing.md, 'Plan tab'). `relevantDate` is in seconds (renewal, trial end
 * or cancellation).
 */
export const PlanInfo = z.looseObject({
  ...messageFields,
  status: z.string(),
  statusMessage: z.string(),
  relevantDate: z.nullable(z.number()),
});
export type PlanInfo = z.infer<typeof PlanInfo>;

export const getPlanInfo = defineEndpoint({
  method: 'GET',
  path: '/customer-plan-info',
  response: PlanInfo,
});

export const cancelPlan = defineEndpoint({
  method: 'POST',
  path: '/cancel-plan',
  response: MessageBody,
});

export const reactivatePlan = defineEndpoint({
  method: 'POST',
  path: '/reactivate-plan',
  response: MessageBody,
});

/** Makes the confirmed payment method (its id) the default one. */
export const UpdateDefaultPaymentBody = z.object({ paymentMethod: idField() });
export type UpdateDefaultPaymentBody = z.infer<typeof UpdateDefaultPaymentBody>;

export const UpdateDefaultPaymentResult = z.looseObject({
  ...messageFields,
  /** The resulting subscription status; see `ACCEPTED_PAYMENT_STATUSES` (domain/billing.ts). */
  status: z.string(),
});
export type UpdateDefaultPaymentResult = z.infer<typeof UpdateDefaultPaymentResult>;

export const updateDefaultPayment = defineEndpoint({
  method: 'POST',
  path: '/update-default-payment',
  body: UpdateDefaultPaymentBody,
  response: UpdateDefaultPaymentResult,
});

/** The client secret with which the browser confirms a card setup. */
export const BillingUpdateKey = z.looseObject({ ...messageFields, clientSecret: z.string() });
export type BillingUpdateKey = z.infer<typeof BillingUpdateKey>;

export const getBillingUpdateKey = defineEndpoint({
  method: 'GET',
  path: '/customer-billing-update-key',
  response: BillingUpdateKey,
});

/**
 * Deletes the organization with all its users, members, devices and scan data, and ends the
 * session. The spec shows no method or path for this call; we chose DELETE /orgs.
 */
export const deleteOrg = defineEndpoint({
  method: 'DELETE',
  path: '/orgs',
  response: MessageBody,
});

/**
 * Our extension: the offline card processor of the reference server, standing in for the card
 * payment provider's browser-side confirmation (docs/product/billing.md, 'Payment update': "the
 * card setup is confirmed in the browser with the card and the billing name using a client
 * secret"). Development only.
 *
 * Test cards: a number failing the Luhn check answers `{ error }`; any other number confirms,
 * except the special ones listed in {@link TEST_CARDS}.
 */
export const TEST_CARDS = {
  /** Confirms; the subscription ends active (trialing during a trial). */
  success: '4242424242424242',
  /** Declined by the processor: answers `{ error }`. */
  declined: '4000000000000002',
  /** Confirms, but the subscription ends 'incomplete' (not an accepted status). */
  incomplete: '4000000000000341',
} as const;

export const ConfirmCardSetupBody = z.object({
  clientSecret: z.string().check(z.minLength(1), z.maxLength(ID_MAX_LENGTH)),
  card: z.object({
    number: z.string().check(z.regex(/^\d{12,19}$/)),
    expMonth: z.number().check(z.int(), z.minimum(1), z.maximum(12)),
    expYear: z
      .number()
      .check(z.int(), z.minimum(CARD_EXPIRY_YEAR_MIN), z.maximum(CARD_EXPIRY_YEAR_MAX)),
    cvc: z.string().check(z.regex(/^\d{3,4}$/)),
  }),
  billingName: nameField(),
});
export type ConfirmCardSetupBody = z.infer<typeof ConfirmCardSetupBody>;

export const PaymentMethod = z.object({
  id: z.string(),
  network: z.string(),
  lastFour: z.string().check(z.regex(/^\d{4}$/)),
});
export type PaymentMethod = z.infer<typeof PaymentMethod>;

/**
 * Like the provider's browser API, a declined card is a 200 answer `{ error }` (the text shown
 * under the card field); a malformed request is a 400 `ErrorBody`.
 */
export const ConfirmCardSetupResult = z.union([
  z.object({ paymentMethod: PaymentMethod }),
  z.object({ error: z.string() }),
]);
export type ConfirmCardSetupResult = z.infer<typeof ConfirmCardSetupResult>;

export const devConfirmCardSetup = defineEndpoint({
  method: 'POST',
  path: '/dev/card-processor/confirm-setup',
  body: ConfirmCardSetupBody,
  response: ConfirmCardSetupResult,
  public: true,
});
