// The payer's name and phone as the SALE needs them (payer_first_name, payer_last_name, payer_phone): one set of
// rules for the new card payment form and the saved-card charge.
import { z } from "./zod";
import { vmsg } from "./messages";

export const payerContactFields = {
  firstName: z.string().trim().min(1, vmsg("payment.firstName")).max(100),
  lastName: z.string().trim().min(1, vmsg("payment.lastName")).max(100),
  phone: z
    .string()
    .trim()
    .regex(/^\+[1-9]\d{6,14}$/, vmsg("phone.withCode500")),
};

export interface PayerContact {
  firstName: string;
  lastName: string;
  phone: string;
}
