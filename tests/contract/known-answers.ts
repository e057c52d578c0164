// Known answers of every hash formula of contract section 5.2 and the protocol notes: literal inputs, literal digests.
// The digests were computed outside both implementations, straight from the formula text, with Python's hashlib
// (str[::-1] for REV, an a–z-only UPPER, UTF-8 bytes); three of them (`preimage` below) were checked again by
// writing the upper-cased string by hand and hashing it with `openssl md5` / `openssl sha1`. They were NOT produced
// by server/gateway/signing.ts or sandbox/hashes.ts: a shared mistake in both fails here.
//
// Worked example of the protocol family: the spec files give none, so the inputs come from the family's public
// integration samples (payer `doe@example.com`, card `4111111111111111`, client password
// `13a4822c5907ed235f3a068c76184fc3`). The SDK sample that shows them also prints `a1a6de416405ada72bb47a49176471dc`,
// which does not come out of the documented SALE formula for those inputs (nor of any case or reversal variant
// tried), so that printed value is not used; the digest below is the formula's.

/** The family's sample client password (its S2S/SALE samples), used as a merchant secret. */
export const FAMILY_PASSWORD = "13a4822c5907ed235f3a068c76184fc3";
/** The sandbox's public merchant secret. */
export const SANDBOX_SECRET = "sandbox-merchant-secret";

interface Base {
  /** The rule or case this answer pins, used as the test title. */
  rule: string;
  /** For a few answers: the string that is hashed (after REV and UPPER), as written by hand for the openssl check. */
  preimage?: string;
}

export type KnownAnswer = Base &
  (
    | { kind: "sale"; email: string; secret: string; cardNumber: string; expected: string }
    | { kind: "s2sSale"; email: string; apiKey: string; cardNumber: string; expected: string }
    | { kind: "tokenSale"; email: string; secret: string; cardToken: string; expected: string }
    | { kind: "capture" | "void"; email: string; secret: string; transId: string; cardNumber: string; expected: string }
    | {
        kind: "callback";
        email: string;
        secret: string;
        transId: string;
        maskedCard: string;
        expected: string;
        expectedWithoutTransId: string;
      }
    | { kind: "creditvoid"; transId: string; amount: string; secret: string; expected: string }
    | { kind: "partialRefund"; gwayId: string; amount: string; secret: string; expected: string }
    | { kind: "status"; gwayPaymentId: string; secret: string; expected: string }
    | {
        kind: "recurringSale";
        firstTransId: string;
        recurringToken: string;
        orderId: string;
        amount: string;
        description: string;
        secret: string;
        expected: string;
      }
  );

const TRANS_A = "0b3c1c3e-5f8a-11ee-8c99-0242ac120002";
const TRANS_B = "a1b2c3d4-0000-4000-8000-000000000001";

export const KNOWN_ANSWERS: readonly KnownAnswer[] = [
  {
    kind: "sale",
    rule: "SALE: the family's worked example (doe@example.com, 4111111111111111, password 13a4822c…)",
    email: "doe@example.com",
    secret: FAMILY_PASSWORD,
    cardNumber: "4111111111111111",
    preimage: "MOC.ELPMAXE@EOD13A4822C5907ED235F3A068C76184FC31111111114",
    expected: "2702ae0c4f99506dc29b5615ba9ee3c0",
  },
  {
    kind: "sale",
    rule: "SALE: the sandbox's own test payer and secret",
    email: "payer@example.com",
    secret: SANDBOX_SECRET,
    cardNumber: "4111111111111111",
    expected: "c1b8062d44ea8e7dc8b064ba2e244bd3",
  },
  {
    kind: "sale",
    rule: "SALE: UPPER applies to the whole string after REV (mixed-case e-mail and secret)",
    email: "Noura.Test@Example.COM",
    secret: "MiXeD-Secret-9",
    cardNumber: "5123450000000008",
    expected: "3e062d7f86c9267a75c9a84245e1820a",
  },
  {
    kind: "sale",
    rule: "SALE: a non-ASCII e-mail is hashed as UTF-8 and only ASCII letters change case (ß stays ß, ü stays ü)",
    email: "jürgen.straße@bücher.example",
    secret: SANDBOX_SECRET,
    cardNumber: "5111111111111118",
    preimage: "ELPMAXE.REHCüB@EßARTS.NEGRüJSANDBOX-MERCHANT-SECRET8111111115",
    expected: "ad5fa2293437b46908f77506533981d8",
  },
  {
    kind: "sale",
    rule: "SALE: an Arabic e-mail is reversed by character",
    email: "نورة@مثال.السعودية",
    secret: SANDBOX_SECRET,
    cardNumber: "4111111111111111",
    expected: "23801663b5748282e6130eeedb710025",
  },
  {
    kind: "sale",
    rule: "SALE: REV keeps a character outside the BMP whole (no broken surrogate pair)",
    email: "😀pay@example.com",
    secret: SANDBOX_SECRET,
    cardNumber: "4508750015741019",
    expected: "3a3e0b86d68b4d59d7bd1dca2cf319eb",
  },
  {
    kind: "s2sSale",
    rule: "S2S sale: the SALE formula with the API key as the secret (sandbox key)",
    email: "payer@example.com",
    apiKey: "sandbox-api-key-super-admin",
    cardNumber: "4508750015741019",
    expected: "3ab251e3f2a71b69b431a53cc5c4f8bb",
  },
  {
    kind: "s2sSale",
    rule: "S2S sale: the family's worked example inputs with a Mastercard test card",
    email: "doe@example.com",
    apiKey: FAMILY_PASSWORD,
    cardNumber: "5123450000000008",
    expected: "04ea21d34648a2cd918e9c0ade7d6761",
  },
  {
    kind: "tokenSale",
    rule: "sale with a saved card token (protocol family): REV(card_token) in place of the card parts",
    email: "doe@example.com",
    secret: FAMILY_PASSWORD,
    cardToken: "c0ffee00-1234-4abc-8def-0123456789ab",
    expected: "2de0e480f517a45a2076f8e72ef32ecf",
  },
  {
    kind: "capture",
    rule: "CAPTURE: trans_id between the secret and the reversed card parts (family worked example inputs)",
    email: "doe@example.com",
    secret: FAMILY_PASSWORD,
    transId: TRANS_A,
    cardNumber: "4111111111111111",
    expected: "6f360c71d0a7957d205dd5db7d9c1d7e",
  },
  {
    kind: "capture",
    rule: "CAPTURE: a non-ASCII e-mail and trans_id keep their non-ASCII letters as they are",
    email: "jürgen.straße@bücher.example",
    secret: SANDBOX_SECRET,
    transId: "tr-ä-42",
    cardNumber: "5123450000000008",
    expected: "e8d4dc749479b9412349801239767ec7",
  },
  {
    kind: "void",
    rule: "VOID (protocol family): the CAPTURE formula",
    email: "payer@example.com",
    secret: SANDBOX_SECRET,
    transId: "9f8e7d6c-5b4a-4321-8fed-cba987654321",
    cardNumber: "4111111111111111",
    expected: "6d74dee90e2ed9384869c283c83a30d6",
  },
  {
    kind: "callback",
    rule: "callback (protocol family): the CAPTURE formula with the masked card's BIN6/LAST4; without trans_id, the SALE one",
    email: "payer@example.com",
    secret: SANDBOX_SECRET,
    transId: TRANS_B,
    maskedCard: "411111XXXXXX1111",
    expected: "c3ea480bb334bc9d2fbf8be6a4e19595",
    expectedWithoutTransId: "c1b8062d44ea8e7dc8b064ba2e244bd3",
  },
  {
    kind: "creditvoid",
    rule: "CREDITVOID: SHA1 of the MD5 hex of UPPER(trans_id + amount + secret), amount 10.00",
    transId: TRANS_A,
    amount: "10.00",
    secret: FAMILY_PASSWORD,
    preimage: "0B3C1C3E-5F8A-11EE-8C99-0242AC12000210.0013A4822C5907ED235F3A068C76184FC3",
    expected: "c0816ee77e8fcc4e1b32c5339ee85a5772cfc234",
  },
  {
    kind: "creditvoid",
    rule: "CREDITVOID: the amount is hashed exactly as sent (10 and 10.00 give different digests)",
    transId: TRANS_A,
    amount: "10",
    secret: FAMILY_PASSWORD,
    expected: "61a82801039f4bb38a51295f4d12925fdccb7f44",
  },
  {
    kind: "creditvoid",
    rule: "CREDITVOID: a three-decimal (KWD) amount string",
    transId: TRANS_B,
    amount: "1.234",
    secret: SANDBOX_SECRET,
    expected: "4e35afcbae57b256e784a36b4414562f09b0d45d",
  },
  {
    kind: "partialRefund",
    rule: "partial refund: SHA1(MD5(UPPER(gwayId + amount + secret)))",
    gwayId: TRANS_B,
    amount: "5.25",
    secret: SANDBOX_SECRET,
    expected: "afc3630b0ab26cd31bf11389eb836802ef14e975",
  },
  {
    kind: "partialRefund",
    rule: "partial refund: the family's sample password as the secret",
    gwayId: TRANS_A,
    amount: "0.99",
    secret: FAMILY_PASSWORD,
    expected: "3aedb9273bae38b0479cf2ba3444a85683423b9a",
  },
  {
    kind: "status",
    rule: "status: SHA1(MD5(UPPER(gway_Payment_id + secret)))",
    gwayPaymentId: TRANS_B,
    secret: SANDBOX_SECRET,
    expected: "e77c38a222367481b2ad3b7b3a5018a2b2cf069e",
  },
  {
    kind: "status",
    rule: "status: the family's sample password as the secret",
    gwayPaymentId: TRANS_A,
    secret: FAMILY_PASSWORD,
    expected: "b613f9cea44a2c5f7b2a76ee43820f740035e7a8",
  },
  {
    kind: "recurringSale",
    rule: "RECURRING_SALE: first trans_id + token + order_number (the new order_id) + whole amount + description + secret",
    firstTransId: TRANS_B,
    recurringToken: "rt-5e1f0c2a",
    orderId: "ORDER-12346",
    amount: "25",
    description: "Monthly plan",
    secret: SANDBOX_SECRET,
    expected: "15cb73660254999891f07ed09529c59a15fce93e",
  },
  {
    kind: "recurringSale",
    rule: "RECURRING_SALE: a non-ASCII description and order id (Arabic, é, ß, en dash) are hashed as UTF-8, not case-folded",
    firstTransId: TRANS_B,
    recurringToken: "rt-5e1f0c2a",
    orderId: "طلب-٧",
    amount: "25",
    description: "Abonnement café – ß اشتراك",
    secret: SANDBOX_SECRET,
    expected: "b480d57900af1c5affc066f709b8f60ba69d00f7",
  },
];
