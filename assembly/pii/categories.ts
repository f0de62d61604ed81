// PII category ids, as the core reports them in piiScan's output. Names live in src/metrics/pii.ts
// (CATEGORY_IDS), in the same order; test/abi.test.ts reads this block.

export const C_EMAIL: u32 = 1
export const C_PHONE: u32 = 2
export const C_CARD: u32 = 3
export const C_IBAN: u32 = 4
export const C_SSN: u32 = 5
export const C_BANK: u32 = 6
export const C_ABA: u32 = 7
export const C_IP: u32 = 8
export const C_MAC: u32 = 9
export const C_URL: u32 = 10
export const C_DATE: u32 = 11
export const C_PERSON: u32 = 12
export const C_LOCATION: u32 = 13
export const C_CRYPTO: u32 = 14
export const C_SECRET: u32 = 15
