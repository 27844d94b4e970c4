import { inflateSync } from 'node:zlib'

/** A decoded PNG: size and a pixel reader (true = dark). */
export interface PngImage {
  width: number
  height: number
  dark(x: number, y: number): boolean
}

const SIGNATURE = '89504e470d0a1a0a'

/**
 * A small PNG decoder for 8-bit grey / RGB / RGBA images without interlacing, written for the
 * tests so the QR PNG is checked by reading its pixels, not by trusting the library that made it.
 */
export function decodePng(bytes: Uint8Array): PngImage {
  const buffer = Buffer.from(bytes)
  if (buffer.subarray(0, 8).toString('hex') !== SIGNATURE) throw new Error('not a PNG signature')
  let offset = 8
  let width = 0
  let height = 0
  let channels = 0
  const idat: Buffer[] = []
  while (offset < buffer.length) {
    const length = buffer.readUInt32BE(offset)
    const type = buffer.subarray(offset + 4, offset + 8).toString('latin1')
    const data = buffer.subarray(offset + 8, offset + 8 + length)
    if (type === 'IHDR') {
      width = data.readUInt32BE(0)
      height = data.readUInt32BE(4)
      const depth = data[8]
      const colorType = data[9]
      const interlace = data[12]
      if (depth !== 8 || interlace !== 0)
        throw new Error(`unsupported PNG depth ${depth} interlace ${interlace}`)
      channels = ({ 0: 1, 2: 3, 4: 2, 6: 4 } as Record<number, number>)[colorType ?? -1] ?? 0
      if (channels === 0) throw new Error(`unsupported PNG color type ${colorType}`)
    }
    if (type === 'IDAT') idat.push(data)
    if (type === 'IEND') break
    offset += 12 + length
  }
  const raw = inflateSync(Buffer.concat(idat))
  const stride = width * channels
  const pixels = Buffer.alloc(height * stride)
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)]
    for (let i = 0; i < stride; i++) {
      const value = raw[y * (stride + 1) + 1 + i] ?? 0
      const left = i >= channels ? (pixels[y * stride + i - channels] ?? 0) : 0
      const up = y > 0 ? (pixels[(y - 1) * stride + i] ?? 0) : 0
      const upLeft = y > 0 && i >= channels ? (pixels[(y - 1) * stride + i - channels] ?? 0) : 0
      let predicted = 0
      if (filter === 1) predicted = left
      else if (filter === 2) predicted = up
      else if (filter === 3) predicted = (left + up) >> 1
      else if (filter === 4) {
        const p = left + up - upLeft
        const pa = Math.abs(p - left)
        const pb = Math.abs(p - up)
        const pc = Math.abs(p - upLeft)
        predicted = pa <= pb && pa <= pc ? left : pb <= pc ? up : upLeft
      } else if (filter !== 0) throw new Error(`bad PNG filter ${filter} on row ${y}`)
      pixels[y * stride + i] = (value + predicted) & 0xff
    }
  }
  return {
    width,
    height,
    dark: (x, y) => (pixels[y * stride + x * channels] ?? 255) < 128,
  }
}
