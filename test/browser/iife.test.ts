import { expect, test } from 'vitest'
import iifeUrl from '../../packages/sdk/dist/pullsign.iife.js?url'

declare global {
  interface Window {
    PullSign?: typeof import('pullsign').PullSign & typeof import('pullsign')
  }
}

function loadScript(src: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const script = document.createElement('script')
    script.src = src
    script.onload = () => resolve()
    script.onerror = () => reject(new Error(`could not load ${src}`))
    document.head.append(script)
  })
}

test('the script-tag build defines window.PullSign, a client class that can be constructed', async () => {
  expect(window.PullSign).toBeUndefined()
  await loadScript(iifeUrl)
  const PullSign = window.PullSign
  if (!PullSign) throw new Error('window.PullSign is not defined after loading the IIFE')
  const client = new PullSign({ apiKey: '00000000-0000-4000-8000-000000000000' })
  expect(client).toBeInstanceOf(PullSign)
  expect(() => new PullSign({ apiKey: 'nope' })).toThrow(PullSign.PullSignError)
})
