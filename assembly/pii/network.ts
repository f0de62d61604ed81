// E-mail addresses, URLs, bare domains, IPv4 and IPv6 addresses, MAC addresses.
import { C_EMAIL, C_IP, C_MAC, C_URL } from './categories'
import { G_TLD, gazLookup } from './gazetteer'
import { at, emit, wants } from './state'
import { hashRange, isAlnum, isAlpha, isDig, isHex, startsWith } from './text'

// Token-shaped recognisers. Each takes the trimmed token [s, e) and returns true when it emitted.

export function email(s: usize, e: usize): bool {
  let a = s
  while (a < e && at(a) != 0x40) a++
  if (a >= e) return false
  let ls = a
  while (ls > s) {
    const c = at(ls - 1)
    if (isAlnum(c) || c == 0x2e || c == 0x5f || c == 0x25 || c == 0x2b || c == 0x2d) ls--
    else break
  }
  if (ls == a || at(ls) == 0x2e) return false
  let de = a + 1
  let dots = 0
  let lastDot: usize = 0
  while (de < e) {
    const c = at(de)
    if (isAlnum(c) || c == 0x2d) de++
    else if (c == 0x2e && de + 1 < e && isAlnum(at(de + 1))) {
      dots++
      lastDot = de
      de++
    } else break
  }
  if (dots == 0) return false
  for (let k = lastDot + 1; k < de; k++) if (!isAlpha(at(k))) return false
  if (de - lastDot - 1 < 2) return false
  emit(ls, de, C_EMAIL)
  return true
}

function isUrlChar(c: u32): bool {
  return c > 0x20 && c < 0x7f && c != 0x22 && c != 0x3c && c != 0x3e && c != 0x60
}

export function url(s: usize, e: usize): bool {
  let p = s
  if (startsWith(s, e, 'https://')) p = s + 8
  else if (startsWith(s, e, 'http://')) p = s + 7
  else if (startsWith(s, e, 'ftp://')) p = s + 6
  else if (startsWith(s, e, 'www.')) p = s + 4
  else return false
  // An IP-literal host ("http://203.0.113.5:8080/x", "http://[2001:db8::1]/") is reported as the
  // IP_ADDRESS, as Presidio does: the address identifies the machine, the rest of the URL does not.
  if (p < e && wants(C_IP) && urlIpHost(p, e)) return true
  if (p >= e || !isAlnum(at(p))) return false
  let u = p
  while (u < e && isUrlChar(at(u))) u++
  emit(s, u, C_URL)
  return true
}

/** The host at p is an IPv4 or bracketed IPv6 literal: emit it as an IP and return true. */
function urlIpHost(p: usize, e: usize): bool {
  if (at(p) == 0x5b) {
    let z = p + 1
    while (z < e && at(z) != 0x5d) z++
    return z < e && z > p + 2 && ipv6OrMac(p + 1, z)
  }
  if (!isDig(at(p))) return false
  let h = p
  while (h < e && (isDig(at(h)) || at(h) == 0x2e)) h++
  if (h < e && !(at(h) == 0x3a || at(h) == 0x2f || at(h) == 0x3f || at(h) == 0x23)) return false
  if (!ipv4Valid(p, h)) return false
  emit(p, h, C_IP)
  return true
}

/**
 * A dotted IPv4 inside a token, after a non-alphanumeric byte ("src_ip:10.1.2.3", "root@10.1.2.3",
 * "tcp://10.1.2.3:5555", "IP#10.1.2.3"), as a word-boundary regular expression would find it.
 */
export function embeddedIpv4(s: usize, e: usize): bool {
  for (let k = s + 1; k + 7 <= e; k++) {
    if (!isDig(at(k))) continue
    const b = at(k - 1)
    if (isAlnum(b) || b == 0x2e || b == 0x2d || b == 0x2b || b >= 0x80) continue
    if (ipv4(k, e)) return true
    while (k < e && (isDig(at(k)) || at(k) == 0x2e)) k++
  }
  return false
}

/** Bare domain such as example.com or Shop.co.uk/path: known TLD, lower-case, a letter in the name. */
export function domain(s: usize, e: usize): bool {
  let labels = 0
  let lab = s
  let hasAlpha = false
  let end = e
  for (let k = s; k < e; k++) {
    const c = at(k)
    if (c == 0x2f) {
      end = k
      break
    }
    if (isAlpha(c)) hasAlpha = true
    else if (c == 0x2e) {
      if (k - lab < 1) return false
      labels++
      lab = k + 1
    } else if (!(isDig(c) || c == 0x2d)) return false
  }
  if (labels == 0 || !hasAlpha || end - lab < 2 || end - lab > 6) return false
  if (s + 2 > lab) return false
  for (let k = lab; k < end; k++) if (at(k) - 0x61 >= 26) return false
  if ((gazLookup(hashRange(lab, end)) & G_TLD) == 0) return false
  // The first label needs two or more characters: rules out "e.g" and "a.m".
  let first = s
  while (at(first) != 0x2e) first++
  if (first - s < 2) return false
  let u = end
  if (u < e) while (u < e && isUrlChar(at(u))) u++
  emit(s, u, C_URL)
  return true
}

/** Is [s, e) exactly a dotted IPv4 address? */
function ipv4Valid(s: usize, e: usize): bool {
  let parts = 0
  let val: u32 = 0
  let digits = 0
  for (let k = s; k <= e; k++) {
    const c = k < e ? at(k) : 0x2e
    if (isDig(c)) {
      val = val * 10 + (c - 0x30)
      if (++digits > 3) return false
    } else if (c == 0x2e) {
      if (digits == 0 || val > 255) return false
      parts++
      val = 0
      digits = 0
    } else return false
  }
  return parts == 4
}

/** Dotted IPv4 at the start of [s, e); a port, CIDR suffix or punctuation may follow. */
export function ipv4(s: usize, e: usize): bool {
  let parts = 0
  let val: u32 = 0
  let digits = 0
  let k = s
  while (k <= e) {
    const c = k < e ? at(k) : 0
    if (isDig(c)) {
      val = val * 10 + (c - 0x30)
      digits++
      if (digits > 3) return false
    } else {
      if (digits == 0 || val > 255) return false
      parts++
      val = 0
      digits = 0
      if (c != 0x2e || parts == 4) break
    }
    k++
  }
  if (parts != 4) return false
  if (k < e && (isAlnum(at(k)) || (at(k) == 0x2e && isDig(at(k + 1))))) return false
  emit(s, prefixLength(k, 32), C_IP)
  return true
}

/**
 * The end of a CIDR prefix length at k ("/24" after an IPv4, "/64" after an IPv6) of at most `max`, or k
 * when there is none or it is out of range ("10.0.0.0/123" keeps only the address).
 */
function prefixLength(k: usize, max: u32): usize {
  if (at(k) != 0x2f || !isDig(at(k + 1))) return k
  let z = k + 1
  let v: u32 = 0
  while (isDig(at(z)) && z - k <= 3) v = v * 10 + (at(z++) - 0x30)
  if (v > max || isAlnum(at(z)) || at(z) == 0x2f) return k
  return z
}

/** A MAC address of six hex pairs (':' or '-') or three dotted quads (Cisco), without digits too. */
export function macToken(s0: usize, e0: usize): usize {
  let s = s0
  let e = e0
  while (e > s && (at(e - 1) == 0x2e || at(e - 1) == 0x2c || at(e - 1) == 0x3b || at(e - 1) == 0x29 || at(e - 1) == 0x5d)) e--
  if (e - s == 17) {
    const m = macPairs(s)
    if (m > 0 && m < 13) emit(s, e, C_MAC)
    return m > 0 ? e : 0
  }
  if (e - s != 14 || at(s + 4) != 0x2e || at(s + 9) != 0x2e) return 0
  // Cisco form: the dots between groups of four hex digits, with a hex letter somewhere (all-digit
  // dotted quads are read as numbers), and not the broadcast address.
  let letters = 0
  let fs = 0
  for (let k: usize = 0; k < 14; k++) {
    if (k == 4 || k == 9) continue
    const c = at(s + k)
    if (!isHex(c)) return 0
    if (!isDig(c)) letters++
    if ((c | 0x20) == 0x66) fs++
  }
  if (letters == 0 || fs == 12) return 0
  emit(s, e, C_MAC)
  return e
}

/** Does a MAC address of six hex pairs start at s? */
export function macAt(s: usize): bool {
  return macPairs(s) > 0 && !isAlnum(at(s + 17))
}

/**
 * Six hex pairs at s joined by one consistent ':' or '-': 1 + the number of 'f' digits (12 of them
 * is the broadcast address, which names no device), or 0 when it is not that layout.
 */
function macPairs(s: usize): i32 {
  const sep = at(s + 2)
  if (sep != 0x3a && sep != 0x2d) return 0
  let fs = 0
  for (let k: usize = 0; k < 17; k++) {
    const c = at(s + k)
    if (k % 3 == 2) {
      if (c != sep) return 0
    } else if (!isHex(c)) return 0
    else if ((c | 0x20) == 0x66) fs++
  }
  return fs + 1
}

export function ipv6OrMac(s: usize, e0: usize): bool {
  let e = e0
  const n = e - s
  // MAC: six hex pairs joined by one consistent ':' or '-'.
  if (n == 17) {
    const m = macPairs(s)
    if (m > 0) {
      if (m < 13) emit(s, e, C_MAC)
      return true
    }
  }
  let groups = 0
  let len = 0
  let dbl = false
  let colons = 0
  let letters = false
  let z = e
  for (let k = s; k < e; k++) if (at(k) == 0x25 || at(k) == 0x2f || at(k) == 0x5d) {
    z = k
    break
  }
  e = z
  // An IPv4 tail ("::ffff:192.0.2.128") counts as two groups.
  let v4 = e
  for (let k = s; k < e; k++) if (at(k) == 0x2e) {
    v4 = k
    while (v4 > s && at(v4 - 1) != 0x3a) v4--
    break
  }
  if (v4 < e) {
    if (v4 == s || !ipv4Valid(v4, e)) return false
  }
  // Before an IPv4 tail the hex part ends with the ':' that separates them, or with '::'
  // ("64:ff9b::192.0.2.1"), which is read as the compression.
  const hexEnd = v4 < e && !(v4 >= s + 2 && at(v4 - 2) == 0x3a) ? v4 - 1 : v4
  for (let k = s; k < hexEnd; k++) {
    const c = at(k)
    if (isHex(c)) {
      if (!isDig(c)) letters = true
      len++
      if (len > 4) return false
    } else if (c == 0x3a) {
      colons++
      if (len == 0) {
        if (k > s && at(k - 1) == 0x3a) {
          if (dbl) return false
          dbl = true
        } else if (k != s || at(k + 1) != 0x3a) return false
      } else groups++
      len = 0
    } else return false
  }
  if (len > 0) groups++
  if (v4 < e) groups += 2
  if (colons < 2) return false
  if (dbl ? groups > 7 || groups < 1 : groups != 8) return false
  // "12:30:45" style times never reach here (8 groups or '::' needed); demand a hex letter or '::'.
  if (!letters && !dbl && v4 == e) return false
  // A zone ("fe80::1%eth0") and a prefix length ("2001:db8::/32") belong to the address.
  let w = e
  if (at(w) == 0x25 && isAlnum(at(w + 1))) {
    w++
    while (isAlnum(at(w)) || at(w) == 0x5f) w++
  }
  emit(s, prefixLength(w, 128), C_IP)
  return true
}
