// Context: flags of the words just before a position, and sentence boundaries, read on demand by the
// recognisers (a context word costs a gazetteer lookup, so only candidates pay for it).
import { FNV_SEED, fnvByte, hashLower } from '../text/hash'
import { cpLen } from '../text/uchar'
import { G_CTX_ID, G_CTX_NUMBER, G_CTX_PHONE, G_CTX_SSN, gazLookup } from './gazetteer'
import { P, at, prevWordStart } from './state'
import { cpAt, eqi, isAlnum, isAlpha } from './text'

/** Flags of the word ending before `pos` (skipping spaces and punctuation, not across a blank line). */
export function wordBefore(pos: usize): u32 {
  let i = pos
  while (i > 0) {
    const c = at(i - 1)
    if (isAlnum(c) || c >= 0x80 || c == 0x27 || c == 0x23) break
    if (pos - i > 6) {
      prevWordStart = 0
      return 0
    }
    i--
  }
  const e = i
  while (i > 0) {
    const c = at(i - 1)
    if (!(isAlnum(c) || c >= 0x80 || c == 0x27 || c == 0x2e || c == 0x23 || c == 0x2f)) break
    i--
  }
  prevWordStart = i
  if (e == i) return 0
  let f = gazLookup(hashLower(FNV_SEED, P + i, e - i))
  // "tel." / "ph." style words are listed with their dot.
  if ((at(e) == 0x2e || at(e) == 0x3a) && e - i <= 5) f |= gazLookup(hashLower(FNV_SEED, P + i, e - i + 1))
  return f
}

/** OR of the flags of up to `words` words before `pos`. */
export function contextBefore(pos: usize, words: i32): u32 {
  let f: u32 = 0
  let p = pos
  for (let k = 0; k < words && p > 0; k++) {
    f |= wordBefore(p)
    if (prevWordStart == 0 && p > 0 && f == 0 && k > 0) break
    p = prevWordStart
  }
  return f
}

/** Does the previous sentence end in "name?" ("What's your last name? Arcuri")? */
export function nameQuestionBefore(s: usize): bool {
  let i = s
  while (i > 0 && (at(i - 1) == 0x20 || at(i - 1) == 0x22)) i--
  if (i < 6 || at(i - 1) != 0x3f) return false
  return eqi(i - 5, i - 1, 'name') && !isAlpha(at(i - 6))
}

/** Is the text before s (skipping spaces and quotes) a sentence end (. ! ?)? */
export function sentenceEndBefore(s: usize): bool {
  let i = s
  while (i > 0) {
    const c = at(i - 1)
    if (c == 0x20 || c == 0x22 || c == 0x27) {
      i--
      continue
    }
    return c == 0x2e || c == 0x21 || c == 0x3f
  }
  return false
}

/** Is the position at the start of a sentence (text start, newline, or after . ! ? :)? */
export function sentenceInitial(s: usize): bool {
  let i = s
  while (i > 0) {
    const c = at(i - 1)
    if (c == 0x20 || c == 0x09 || c == 0x22 || c == 0x27 || c == 0x28 || c == 0x2a) {
      i--
      continue
    }
    return c == 0x2e || c == 0x21 || c == 0x3f || c == 0x0a || c == 0x0d || c == 0x3a
  }
  return true
}

// ---------------------------------------------------------------------------------------------
// Cue words of the number recognisers in many languages: the words people write before a phone
// number, a card number, an SSN, an e-mail address, a medical record number, or an order number
// (which is then not a phone). The gazetteer holds the English ones as its CTX flags; these lists add
// other languages and scripts, read only for the few words before a candidate value. A word is
// matched whole after case folding (ASCII, Latin-1, Greek, Cyrillic); a word of Chinese, Japanese or
// Korean text, which has no spaces, also by its last two to six characters ("住院病历号" ends in "病历号").
// Each list is one literal: the core allocates nothing, so no string is built at run time.

export const X_PHONE: u32 = 1
export const X_SSN: u32 = 2
export const X_CARD: u32 = 4
/** Order, invoice, customer, tracking numbers: a number after one is not a phone. */
export const X_ID: u32 = 8
/** "numéro", "номер", "번호": a number of some kind, a phone unless an id word is also near. */
export const X_NUMBER: u32 = 16
/** A medical record number label on its own ("Fallnummer", "病历号", "병록번호"). */
export const X_MRN: u32 = 32
/** A file or record word ("dossier", "historia", "истории", "תיק"): a record number with a patient word. */
export const X_RECORD: u32 = 64
/** Patients, hospitals and medicine ("paciente", "Krankenhaus", "患者", "الطبي"). */
export const X_PATIENT: u32 = 128
export const X_EMAIL: u32 = 256

const CUE_PHONE = 'tel tel. tél tél. tel: telf telf. tlf tlf. tlfn telp telp. fon fono telefon telefonu telefonem telefono teléfono telefone telefoon telefonnummer telefonnr rufnummer festnetz handy handynummer mobil mobilnummer mobiltelefon móvil movil celular cel cel. cellulare portable gsm whatsapp mob mob. cep hp telepon тел тел. телефон телефона телефону телефоны моб моб. мобильный мобильного сотовый звоните телефонуйте τηλ τηλ. τηλέφωνο τηλεφώνου κινητό κινητού هاتف الهاتف هاتفي جوال الجوال موبايل تلفون טלפון טל נייד फ़ोन फोन मोबाइल दूरभाष โทร โทร. โทรศัพท์ มือถือ điện thoại đt sđt 电话 電話 电话号码 電話番号 手机 手機 手机号 携帯 携帯電話 連絡先 联系电话 전화 전화번호 휴대폰 핸드폰 연락처'
const CUE_SSN = 'ssn ssn: ssn# ss# seguro seguridad sécurité'
const CUE_CARD = 'card cards credit debit visa mastercard amex cc cvv pan carte tarjeta tarjetas cartão cartao carta kreditkarte karte kartennummer karta kaart kort kortnummer kart kartı kartu карта карты карту картка картки κάρτα κάρτας بطاقة البطاقة بطاقتي כרטיס אשראי カード カード番号 卡 卡号 信用卡 银行卡 銀行卡 카드 카드번호 บัตร कार्ड'
const CUE_EMAIL = 'email e-mail mail mails correo courriel posta poczta почта почту пошта емейл имейл البريد بريد אימייל מייל メール メールアドレス 邮箱 邮件 電郵 이메일 메일 ईमेल อีเมล eposta e-posta'
const CUE_ID = 'bestellung bestellnummer bestell-nr rechnung rechnungsnummer rechnungs-nr auftrag auftragsnummer kundennummer artikel artikelnummer sendungsnummer commande facture pedido factura ordine fattura zamówienia zamówienie faktura заказ заказа счёт счета накладная артикул παραγγελίας τιμολογίου طلب الطلب فاتورة הזמנה חשבונית 订单 订单号 单号 发票 注文 注文番号 伝票番号 請求書 주문 주문번호 송장번호'
const CUE_NUMBER = 'numéro numero número nummer numer numara nomor n° nº № เลขที่ संख्या क्रमांक номер номера номеру αριθμός αριθμό رقم מספר số 番号 号码 號碼 번호'
const CUE_MRN = 'mrn mrn: mrn# mr# hn hn. patiëntnummer patientnummer journalnummer potilasnumero nosologico 就诊卡号 患者ID 환자id pat.-nr pat-nr patnr pat.nr krankenakte patientenakte медкарты медкарта медкарте patientennummer patienten-nr patientennr fallnummer fall-nr fallnr kis-nr aufnahmenummer krankenblattnummer ipp nhc prontuário prontuario 病历号 病歷號 病案号 住院号 门诊号 病历 病歴番号 カルテ番号 カルテ 診察券番号 患者番号 患者id 병록번호 환자번호 차트번호 의무기록번호'
const CUE_RECORD = 'record records rec rec. chart rekam dosya protokol expediente processo dossiernummer картки картка dossier historia historial cartella fascicolo akte krankenakte patientenakte historii historia истории карты медкарты μητρώου φακέλου ملف الملف תיק רשומה registro'
const CUE_PATIENT = 'patient patients pt pt. hosp hosp. med med. patiënt medis hasta bệnh амбулаторной амбулаторная ผู้ป่วย रोगी मरीज़ मरीज paciente pacientes paziente pacjent pacjenta patienten patientin pat. hospital hospitalier hôpital krankenhaus klinik klinikum clinic clínica clinica clinique médical medical médico medico medizinisch choroby пациент пациента пациентка больной больного болезни медицинской ασθενής ασθενούς νοσοκομείο νοσοκομείου المريض مريض الطبي مستشفى המטופל מטופל חולה רפואי 患者 医院 病院 환자 병원'

const CUE_SLOTS: u32 = 1024
/** Open-addressing table: u64 hash, u32 flags, u32 unused per slot; built on first use. */
const CUE_TAB = memory.data(<i32>CUE_SLOTS * 16)
let cueReady = false

/** Case folding of a code point for the cue words: ASCII, Latin-1, Cyrillic and Greek capitals. */
function foldCp(c: u32): u32 {
  if (c - 0x41 < 26) return c | 0x20
  if (c >= 0xc0 && c <= 0xde && c != 0xd7) return c + 0x20
  if (c >= 0x410 && c <= 0x42f) return c + 0x20
  if (c >= 0x400 && c <= 0x40f) return c + 0x50
  if (c >= 0x391 && c <= 0x3a9 && c != 0x3a2) return c + 0x20
  return c
}

/** Continue FNV-1a with the folded code point c as UTF-8. */
function hashCp(h: u64, c0: u32): u64 {
  const c = foldCp(c0)
  if (c < 0x80) return fnvByte(h, c)
  if (c < 0x800) return fnvByte(fnvByte(h, 0xc0 | (c >> 6)), 0x80 | (c & 0x3f))
  return fnvByte(fnvByte(fnvByte(h, 0xe0 | (c >> 12)), 0x80 | ((c >> 6) & 0x3f)), 0x80 | (c & 0x3f))
}

/** Folded hash of the text bytes [s, e). */
function cueHash(s: usize, e: usize): u64 {
  let h = FNV_SEED
  let i = s
  while (i < e) {
    h = hashCp(h, cpAt(i))
    i += cpLen
  }
  return h
}

function cueSlot(h: u64): usize {
  let k = <u32>(h ^ (h >> 32)) & (CUE_SLOTS - 1)
  let slot = CUE_TAB + (<usize>k << 4)
  // The table is at most a third full, so a free slot is always near.
  while (load<u64>(slot) != h && load<u64>(slot) != 0) {
    k = (k + 1) & (CUE_SLOTS - 1)
    slot = CUE_TAB + (<usize>k << 4)
  }
  return slot
}

function addCues(list: string, flag: u32): void {
  const n = list.length
  const base = changetype<usize>(list)
  let h = FNV_SEED
  let len = 0
  for (let k = 0; k <= n; k++) {
    const c: u32 = k < n ? <u32>load<u16>(base + (<usize>k << 1)) : 0x20
    if (c != 0x20) {
      h = hashCp(h, c)
      len++
      continue
    }
    if (len > 0) {
      const slot = cueSlot(h)
      store<u64>(slot, h)
      store<u32>(slot, load<u32>(slot, 8) | flag, 8)
    }
    h = FNV_SEED
    len = 0
  }
}

function cueInit(): void {
  addCues(CUE_PHONE, X_PHONE)
  addCues(CUE_SSN, X_SSN)
  addCues(CUE_CARD, X_CARD)
  addCues(CUE_EMAIL, X_EMAIL)
  addCues(CUE_ID, X_ID)
  addCues(CUE_NUMBER, X_NUMBER)
  addCues(CUE_MRN, X_MRN)
  addCues(CUE_RECORD, X_RECORD)
  addCues(CUE_PATIENT, X_PATIENT)
  cueReady = true
}

function cueLookup(h: u64): u32 {
  if (!cueReady) cueInit()
  const slot = cueSlot(h)
  return load<u64>(slot) == h ? load<u32>(slot, 8) : 0
}

/**
 * Cue flags (X_*) of the word [s, e): the whole word, and for a word holding characters of three
 * UTF-8 bytes (Chinese, Japanese, Korean, Thai, Devanagari) also its last two to six characters.
 */
export function cueWord(s: usize, e: usize): u32 {
  if (e <= s || e - s > 64) return 0
  let f = cueLookup(cueHash(s, e))
  if (at(e - 1) < 0x80) return f
  // Character starts from the end, back to six characters.
  let i = e
  let n = 0
  while (i > s && n < 6) {
    i--
    while (i > s && (at(i) & 0xc0) == 0x80) i--
    n++
    if (at(i) < 0xe0) break
    if (n >= 2 && i > s) f |= cueLookup(cueHash(i, e))
  }
  return f
}

/** Is c a byte of a cue word (letters and digits of any script, and ' . # - inside)? */
function cueByte(c: u32): bool {
  return isAlnum(c) || c >= 0x80 || c == 0x27 || c == 0x2e || c == 0x23 || c == 0x2d
}

/** Start of the word cueBefore last read. */
let cueWordStart: usize = 0

/**
 * OR of the cue flags of up to `words` words before `pos` on the same line (skipping spaces and
 * punctuation, at most eight bytes between words); a label alone on the line before a value
 * ("MRN\n8 8 3 1 ...") counts when it is the first word read.
 */
export function cuesBefore(pos: usize, words: i32): u32 {
  let f: u32 = 0
  let i = pos
  for (let w = 0; w < words && i > 0; w++) {
    let gap = 0
    let lines = 0
    while (i > 0 && !cueByte(at(i - 1)) && gap < 8) {
      if (at(i - 1) == 0x0a && (w > 0 || ++lines > 1)) return f
      i--
      gap++
    }
    if (i == 0 || !cueByte(at(i - 1))) break
    let e = i
    while (i > 0 && e - i < 64 && cueByte(at(i - 1))) i--
    // A trailing dot or colon ends a sentence or a label more often than it belongs to the word.
    let f1 = cueWord(i, e)
    if (f1 == 0 && (at(e - 1) == 0x2e || at(e - 1) == 0x2d)) f1 = cueWord(i, e - 1)
    f |= f1
    cueWordStart = i
  }
  return f
}

/**
 * contextBefore for a number at `pos`, with the cue words of other languages read as the gazetteer's
 * CTX flags: phone, SSN, number, and id (order numbers and record labels: not a phone).
 */
export function numberContext(pos: usize, words: i32): u32 {
  let f = contextBefore(pos, words)
  const x = cuesBefore(pos, words)
  if ((x & X_PHONE) != 0) f |= G_CTX_PHONE
  if ((x & X_SSN) != 0) f |= G_CTX_SSN
  if ((x & X_NUMBER) != 0) f |= G_CTX_NUMBER
  if ((x & (X_ID | X_MRN | X_RECORD)) != 0) f |= G_CTX_ID
  return f
}
