// The payer's billing address that a form-interface SALE needs (contract 4.1: payer_address, payer_city,
// payer_zip, payer_country), one schema for the new-payment form, the saved-card charge dialog and their routes.
import { z } from "./zod";
import { vmsg } from "./messages";

export const billingAddressFields = {
  address: z.string().trim().min(1, vmsg("address.address")).max(255),
  country: z
    .string()
    .trim()
    .regex(/^[A-Z]{2}$/, vmsg("address.countryCode")),
  city: z.string().trim().min(1, vmsg("address.city")).max(100),
  zip: z.string().trim().min(1, vmsg("address.zip")).max(20),
};

export const billingAddressSchema = z.object(billingAddressFields);
export type BillingAddress = z.infer<typeof billingAddressSchema>;
