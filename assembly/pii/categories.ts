// PII category ids, as the core reports them in piiScan's output. Names live in src/metrics/pii/pii.ts
// (CATEGORY_IDS), in the same order; test/abi.test.ts reads this block. At most 63 ids: the mask is a u64.

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
export const C_ITIN: u32 = 16
export const C_US_PASSPORT: u32 = 17
export const C_US_DRIVER_LICENSE: u32 = 18
export const C_UK_NHS: u32 = 19
export const C_UK_NINO: u32 = 20
export const C_ES_NIF: u32 = 21
export const C_ES_NIE: u32 = 22
export const C_IT_FISCAL_CODE: u32 = 23
export const C_IT_DRIVER_LICENSE: u32 = 24
export const C_IT_VAT_CODE: u32 = 25
export const C_IT_PASSPORT: u32 = 26
export const C_IT_IDENTITY_CARD: u32 = 27
export const C_PL_PESEL: u32 = 28
export const C_FI_PIC: u32 = 29
export const C_SG_NRIC_FIN: u32 = 30
export const C_SG_UEN: u32 = 31
export const C_AU_ABN: u32 = 32
export const C_AU_ACN: u32 = 33
export const C_AU_TFN: u32 = 34
export const C_AU_MEDICARE: u32 = 35
export const C_IN_PAN: u32 = 36
export const C_IN_AADHAAR: u32 = 37
export const C_IN_VOTER: u32 = 38
export const C_IN_PASSPORT: u32 = 39
export const C_IN_VEHICLE: u32 = 40
export const C_KR_RRN: u32 = 41
export const C_TH_TNIN: u32 = 42
export const C_MEDICAL_LICENSE: u32 = 43
export const C_MRN: u32 = 44
export const C_NPI: u32 = 45
export const C_DEA: u32 = 46
export const C_NRP: u32 = 47
export const C_ORGANIZATION: u32 = 48

// Why an entity was reported, as bits of the fourth word of each entity in piiScan's output; explain('pii')
// turns them into evidence. A recogniser passes them to emitWhy; emit means "matched a format" alone.
export const W_FORMAT: u32 = 1
export const W_CHECKSUM: u32 = 2
export const W_CONTEXT: u32 = 4
export const W_GAZETTEER: u32 = 8
export const W_CUE: u32 = 16
export const W_DEOBFUSCATED: u32 = 32
/** Read as a name, place or organisation by the learned tagger (tagger.ts) from the words around it. */
export const W_TAGGER: u32 = 64
