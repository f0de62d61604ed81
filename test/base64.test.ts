import { readdirSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { decodeBase64Table } from '../src/core/base64.js'

// The browsers' decoder against Node's Buffer, which Node uses: byte for byte.
const fixtures: [string, string][] = [
  ['', ''],
  ['AA==', '00'],
  ['AAA=', '0000'],
  ['AAAA', '000000'],
  ['/w==', 'ff'],
  ['//8=', 'ffff'],
  ['////', 'ffffff'],
  ['aGVsbG8gd29ybGQ=', '68656c6c6f20776f726c64'],
  ['+/+/', 'fbffbf'],
  ['AwAA/QAAAAAAAAAF+wAAAPEA', '030000fd0000000000000005fb000000f100']
]

const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex')

describe('decodeBase64Table', () => {
  it.each(fixtures)('%s', (text, want) => {
    expect(hex(decodeBase64Table(text))).toBe(want)
  })

  it('decodes every byte value and every length as Buffer does', () => {
    const bytes = Uint8Array.from({ length: 1031 }, (_, i) => (i * 167 + (i >> 3)) & 255)
    for (let n = 0; n <= 64; n++) {
      const text = Buffer.from(bytes.subarray(0, n)).toString('base64')
      expect(hex(decodeBase64Table(text)), text).toBe(hex(bytes.subarray(0, n)))
    }
    const all = Buffer.from(bytes).toString('base64')
    expect(hex(decodeBase64Table(all))).toBe(hex(bytes))
  })

  it('decodes every base64 table of the shipped models byte for byte', async () => {
    const dir = new URL('../dist/models/', import.meta.url)
    let checked = 0
    for (const file of readdirSync(dir).filter((f) => f.endsWith('.js'))) {
      const chunk = await import(/* @vite-ignore */ new URL(file, dir).href)
      for (const value of Object.values(chunk)) {
        if (typeof value !== 'string' || value.length < 1000 || !/^[A-Za-z0-9+/]+=*$/.test(value)) continue
        expect(Buffer.compare(Buffer.from(decodeBase64Table(value)), Buffer.from(value, 'base64')), file).toBe(0)
        checked++
      }
    }
    expect(checked).toBeGreaterThanOrEqual(5)
  })

  it.each([['A'], ['AB$='], ['ABC\u00e9'], ['AAAAA']])('refuses %j', (text) => {
    expect(() => decodeBase64Table(text)).toThrow(/invalid base64/)
  })
})
