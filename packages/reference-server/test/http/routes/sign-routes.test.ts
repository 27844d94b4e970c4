import { create } from 'qrcode'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { errorOf, startTestServer, type TestServer } from '../../server/test-server'
import { decodePng } from '../png-pixels'

let t: TestServer
beforeEach(async () => {
  t = await startTestServer()
})
afterEach(() => t.close())

const LEVELS = { m: 'M', q: 'Q', h: 'H' } as const

/** The module grid of the QR the `qrcode` library makes for `text` (cross-check only). */
const model = (text: string, level: 'M' | 'Q' | 'H') => {
  const { modules } = create(text, { errorCorrectionLevel: level })
  return Array.from({ length: modules.size }, (_, row) =>
    Array.from({ length: modules.size }, (_, col) => modules.get(row, col) === 1),
  )
}

describe('QR codes of next.always (docs/protocol.md §3.2)', () => {
  it.each(['m', 'q', 'h'] as const)(
    '_%s: the PNG and the JSON matrix show the same QR of next.always',
    async (quality) => {
      const created = await t.createPayload()
      const matrixUrl = created.refs.qr_matrix.replace('_q.json', `_${quality}.json`)
      const pngUrl = created.refs.qr_png.replace('_q.png', `_${quality}.png`)

      const matrixRes = await fetch(matrixUrl)
      expect(matrixRes.headers.get('content-type')).toContain('application/json')
      const matrix = (await matrixRes.json()) as boolean[][]
      const size = matrix.length
      expect(size, 'a QR has 21 + 4k modules per side').toSatisfy(
        (n: number) => n >= 21 && (n - 21) % 4 === 0,
      )
      for (const row of matrix) {
        expect(row).toHaveLength(size)
        for (const cell of row) expect(typeof cell).toBe('boolean')
      }
      // Finder patterns: a dark 7×7 ring in three corners.
      for (const [x, y] of [
        [0, 0],
        [size - 7, 0],
        [0, size - 7],
      ] as const) {
        expect(
          matrix[y]?.[x] &&
            matrix[y + 6]?.[x + 6] &&
            !matrix[y + 1]?.[x + 1] &&
            matrix[y + 3]?.[x + 3],
        ).toBe(true)
      }
      expect(matrix, 'cross-check with qrcode’s own model of next.always').toEqual(
        model(created.next.always, LEVELS[quality]),
      )

      const pngRes = await fetch(pngUrl)
      expect(pngRes.status).toBe(200)
      expect(pngRes.headers.get('content-type')).toBe('image/png')
      const image = decodePng(new Uint8Array(await pngRes.arrayBuffer()))
      expect(image.width).toBe(image.height)
      const scale = image.width / (size + 8)
      expect(
        Number.isInteger(scale),
        `width ${image.width} = (modules ${size} + quiet zone 8) × scale`,
      ).toBe(true)
      const fromPixels = Array.from({ length: size }, (_, row) =>
        Array.from({ length: size }, (_, col) =>
          image.dark(Math.floor((col + 4.5) * scale), Math.floor((row + 4.5) * scale)),
        ),
      )
      expect(fromPixels, 'the PNG’s pixels are the JSON matrix').toEqual(matrix)
      expect(image.dark(1, 1), 'the quiet zone is light').toBe(false)
    },
  )

  it('the three error-correction levels differ', async () => {
    const created = await t.createPayload()
    const matrices = await Promise.all(
      (['m', 'q', 'h'] as const).map(async (q) =>
        JSON.stringify(await (await fetch(created.refs.qr_matrix.replace('_q.', `_${q}.`))).json()),
      ),
    )
    expect(new Set(matrices).size).toBe(3)
  })

  it('the JSON matrix is readable from any origin (§4 [ours]), its 404 too; the PNG and the page send no CORS', async () => {
    const created = await t.createPayload()
    const origin = { origin: 'https://shop.example' }
    const matrix = await fetch(created.refs.qr_matrix, { headers: origin })
    expect(matrix.headers.get('access-control-allow-origin')).toBe('*')
    expect(Array.isArray(await matrix.json())).toBe(true)
    const missing = await fetch(`${t.endpoints.api}/sign/${crypto.randomUUID()}_q.json`, {
      headers: origin,
    })
    expect(missing.status).toBe(404)
    expect(missing.headers.get('access-control-allow-origin')).toBe('*')
    for (const url of [created.refs.qr_png, created.next.always]) {
      const res = await fetch(url, { headers: origin })
      expect(res.headers.get('access-control-allow-origin'), url).toBeNull()
    }
  })

  it('an unknown payload has no QR: 404', async () => {
    const uuid = crypto.randomUUID()
    expect(await errorOf(await fetch(`${t.endpoints.api}/sign/${uuid}_q.png`))).toMatchObject({
      status: 404,
      code: 404,
    })
    expect(await errorOf(await fetch(`${t.endpoints.api}/sign/${uuid}_h.json`))).toMatchObject({
      status: 404,
      code: 404,
    })
  })
})

describe('the pages of next.always and next.no_push_msg_received', () => {
  it('serve HTML naming the payload; an unknown payload is a 404 page', async () => {
    const created = await t.createPayload({
      txjson: { TransactionType: 'SignIn' },
      custom_meta: { instruction: 'Sign in to <b>the shop</b>' },
    })
    for (const url of [created.next.always, `${created.next.always}/qr`]) {
      const res = await fetch(url)
      expect(res.status, url).toBe(200)
      expect(res.headers.get('content-type')).toContain('text/html')
      const html = await res.text()
      expect(html).toContain(created.uuid)
      expect(html).not.toContain('<b>the shop</b>')
    }
    const missing = await fetch(`${t.endpoints.api}/sign/${crypto.randomUUID()}`)
    expect(missing.status).toBe(404)
    expect(missing.headers.get('content-type')).toContain('text/html')
  })
})
