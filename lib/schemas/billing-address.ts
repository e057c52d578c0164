// The payer's billing address that a form-interface SALE needs (contract 4.1: payer_address, payer_city,
// payer_zip, payer_country), one schema for the new-payment form, the saved-card charge dialog and their routes.
import { z } from "zod";

export const billingAddressFields = {
  address: z.string().trim().min(1, "Enter the customer's address.").max(255),
  country: z
    .string()
    .trim()
    .regex(/^[A-Z]{2}$/, "Two-letter country code, e.g. SA."),
  city: z.string().trim().min(1, "Enter the city.").max(100),
  zip: z.string().trim().min(1, "Enter the postal code.").max(20),
};

export const billingAddressSchema = z.object(billingAddressFields);
export type BillingAddress = z.infer<typeof billingAddressSchema>;
