/** SWR keys shared by more than one settings tab. */
export const BILLING_INFO_KEY = 'customer-billing-info';
