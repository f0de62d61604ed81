// Secrets and crypto addresses: API keys with known prefixes, JWTs, key=value secrets, PEM private
// keys, Bitcoin (base58check, bech32) and Ethereum addresses.
import { C_CRYPTO, C_SECRET } from './categories'
import { base58CheckOk, bech32Ok } from './checks'
import { DIGITS, N, P, PK_AT, PK_FROM, PK_Z, at, emit } from './state'
import { W_CHECKSUM, W_CONTEXT, W_FORMAT } from './categories'
import { emitWhy } from './state'
import { isAlnum, isDig, isHex, startsCs, startsWith } from './text'

function isTokenChar(c: u32): bool {
  return isAlnum(c) || c == 0x5f || c == 0x2d
}

/** Is [s, e) a random-looking token: long enough, mixed classes, high character entropy? */
function highEntropy(s: usize, e: usize, minLen: usize): bool {
  const n = e - s
  if (n < minLen || n > 512) return false
  let up = 0
  let lo = 0
  let dg = 0
  // Distinct-symbol count approximates entropy for short strings without a log table.
  const seen = DIGITS // 48 bytes; bitmap over 256 symbols needs 32
  memory.fill(seen, 0, 32)
  let distinct = 0
  for (let k = s; k < e; k++) {
    const c = at(k)
    if (c <= 0x20) return false
    if (c - 0x41 < 26) up++
    else if (c - 0x61 < 26) lo++
    else if (isDig(c)) dg++
    const byte = seen + (c >> 3)
    const bit: u32 = (<u32>1) << (c & 7)
    const have = <u32>load<u8>(byte)
    if ((have & bit) == 0) {
      store<u8>(byte, <u8>(have | bit))
      distinct++
    }
  }
  const classes = (up > 0 ? 1 : 0) + (lo > 0 ? 1 : 0) + (dg > 0 ? 1 : 0)
  if (classes < 2 || dg == 0 && classes < 3) return false
  // Random base64/hex of length n shows about min(n, alphabet) * (1 - e^-1) distinct symbols.
  return <f64>distinct >= Math.min(<f64>n * 0.55, 12.0)
}

/** Keys whose value is a secret when written `key=value`, `key: value` or `"key": "value"`. */
function secretKey(s: usize, e: usize): i32 {
  // 2 = password-like (any value of 6+ characters), 1 = token-like (value must look random).
  for (let k = s; k < e; k++) {
    const c = at(k) | 0x20
    if (c == 0x70 && (startsWith(k, e, 'password') || startsWith(k, e, 'passwd') || startsWith(k, e, 'pwd'))) return 2
    if (c == 0x73 && startsWith(k, e, 'secret')) return 1
    if (c == 0x74 && startsWith(k, e, 'token')) return 1
    if (c == 0x61 && (startsWith(k, e, 'api_key') || startsWith(k, e, 'apikey') || startsWith(k, e, 'api-key') ||
      startsWith(k, e, 'access_key') || startsWith(k, e, 'auth'))) return 1
    if (c == 0x63 && startsWith(k, e, 'credential')) return 1
    if (c == 0x70 && startsWith(k, e, 'private_key')) return 1
  }
  return 0
}

/** Known API-key prefixes, JWTs and key=value secrets in token [s, e). */
export function secret(s: usize, e: usize): bool {
  // Prefixed keys: prefix then 16+ token characters.
  let pre: usize = 0
  if (startsCs(s, e, 'sk-') || startsCs(s, e, 'pk_') || startsCs(s, e, 'sk_') || startsCs(s, e, 'rk_') ||
    startsCs(s, e, 'hf_')) pre = 3
  else if (startsCs(s, e, 'ghp_') || startsCs(s, e, 'gho_') || startsCs(s, e, 'ghu_') || startsCs(s, e, 'ghs_') ||
    startsCs(s, e, 'ghr_') || startsCs(s, e, 'npm_') || startsCs(s, e, 'xoxb-') || startsCs(s, e, 'xoxp-') ||
    startsCs(s, e, 'xoxa-') || startsCs(s, e, 'AIza')) pre = 4
  else if (startsCs(s, e, 'glpat-') || startsCs(s, e, 'shpat_')) pre = 6
  else if (startsCs(s, e, 'github_pat_')) pre = 11
  else if (startsCs(s, e, 'AKIA') || startsCs(s, e, 'ASIA')) {
    // AWS access key id: exactly 16 upper-case alphanumerics after the prefix.
    let k = s + 4
    while (k < e && (isDig(at(k)) || at(k) - 0x41 < 26)) k++
    if (k - s == 20 && !isAlnum(at(k))) {
      emit(s, k, C_SECRET)
      return true
    }
    return false
  }
  if (pre > 0) {
    let k = s + pre
    while (k < e && isTokenChar(at(k))) k++
    if (k - s - pre >= 16 && highEntropy(s + pre, k, 16)) {
      emit(s, k, C_SECRET)
      return true
    }
  }
  // JWT: three base64url segments, the first an encoded JSON object ("eyJ").
  if (startsCs(s, e, 'eyJ')) {
    let dots = 0
    let k = s
    let seg: usize = 0
    while (k < e) {
      const c = at(k)
      if (c == 0x2e) {
        if (seg < 4) break
        dots++
        seg = 0
      } else if (isTokenChar(c)) seg++
      else break
      k++
    }
    if (dots == 2 && seg >= 4) {
      emit(s, k, C_SECRET)
      return true
    }
  }
  // key=value / key: value
  let sep = s
  while (sep < e && at(sep) != 0x3d && at(sep) != 0x3a) sep++
  let kind = 0
  let vs: usize = 0
  if (sep < e && sep > s) {
    kind = secretKey(s, sep)
    vs = sep + 1
    while (vs < e && (at(vs) == 0x22 || at(vs) == 0x27 || at(vs) == 0x3d)) vs++
  } else if (sep == e || at(e - 1) == 0x3a) {
    // "password: hunter22" / "API key: ..." — key in this token, value in the next.
    if (at(e) == 0x3a || at(e - 1) == 0x3a || at(e) == 0x3d) {
      const ke = at(e - 1) == 0x3a ? e - 1 : e
      kind = secretKey(s, ke)
      vs = e
      while (vs < N && (at(vs) == 0x20 || at(vs) == 0x3a || at(vs) == 0x3d || at(vs) == 0x22 || at(vs) == 0x27)) vs++
    }
  }
  if (kind > 0 && vs < N) {
    let ve = vs
    while (ve < N && at(ve) > 0x20 && at(ve) != 0x22 && at(ve) != 0x27 && at(ve) != 0x2c && at(ve) != 0x3b && at(ve) != 0x7d) ve++
    while (ve > vs && (at(ve - 1) == 0x2e || at(ve - 1) == 0x29)) ve--
    if (kind == 2 ? ve - vs >= 6 : highEntropy(vs, ve, 16)) {
      emitWhy(vs, ve, C_SECRET, W_FORMAT | W_CONTEXT)
      return true
    }
  }
  return false
}

/** PEM private-key block from "-----BEGIN ... PRIVATE KEY-----" to the matching END line. */
export function privateKey(s: usize): usize {
  if (!startsCs(s, N, '-----BEGIN ')) return 0
  let k = s + 11
  while (k < N && at(k) != 0x2d && at(k) != 0x0a) k++
  if (k - s < 22 || !startsCs(k - 11, k, 'PRIVATE KEY') || !startsCs(k, N, '-----')) return 0
  let m = k + 5
  const limit = N - 9
  // The first END line at or after m and where its marker ends, remembered: many blocks that share
  // one END line, or never close, cost one search in all.
  if (!(PK_FROM <= m && m <= PK_AT)) {
    PK_FROM = m
    while (m < limit && !(at(m) == 0x2d && startsCs(m, N, '-----END '))) m++
    PK_AT = m
    let z = m + 9
    if (m < limit) while (z < N && at(z) != 0x2d && at(z) != 0x0a) z++
    PK_Z = z
  }
  if (PK_AT >= limit || !startsCs(PK_Z, N, '-----')) return 0
  emit(s, PK_Z + 5, C_SECRET)
  return PK_Z + 5
}

function isBase58(c: u32): bool {
  return isAlnum(c) && c != 0x30 && c != 0x4f && c != 0x49 && c != 0x6c
}

export function crypto(s: usize, e: usize): bool {
  const n = e - s
  const c = at(s)
  if ((c == 0x31 || c == 0x33) && n >= 26 && n <= 35) {
    for (let k = s; k < e; k++) if (!isBase58(at(k))) return false
    if (!base58CheckOk(P + s, n)) return false
    emitWhy(s, e, C_CRYPTO, W_FORMAT | W_CHECKSUM)
    return true
  }
  if (n >= 14 && n <= 74 && startsWith(s, e, 'bc1')) {
    if (!bech32Ok(P + s, n)) return false
    emitWhy(s, e, C_CRYPTO, W_FORMAT | W_CHECKSUM)
    return true
  }
  if (n == 42 && c == 0x30 && (at(s + 1) | 0x20) == 0x78) {
    for (let k = s + 2; k < e; k++) if (!isHex(at(k))) return false
    emit(s, e, C_CRYPTO)
    return true
  }
  return false
}
