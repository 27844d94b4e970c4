import type { PullSignElementProps } from 'pullsign/react'
import type { CreatedPayload, PullSignRequestElement, SignedResult } from 'pullsign/ui'
import { createElement, type JSX } from 'react'
import { renderToString } from 'react-dom/server'
import { expect, expectTypeOf, test } from 'vitest'

// The elements in React 19's JSX: `<pullsign-request uuid=… onpullsign-signed={…} />` type-checks
// with typed event details (this file fails `tsc` otherwise), and renders on a server as markup.
type Request = JSX.IntrinsicElements['pullsign-request']

test('pullsign-* elements are typed in React 19 JSX: attributes, properties and onpullsign-* listeners with typed details', () => {
  expectTypeOf<Request['uuid']>().toEqualTypeOf<string | undefined>()
  expectTypeOf<Request['create']>().toEqualTypeOf<(() => Promise<CreatedPayload>) | undefined>()
  expectTypeOf<
    Parameters<NonNullable<Request['onpullsign-signed']>>[0]['detail']
  >().toEqualTypeOf<SignedResult>()
  expectTypeOf<
    Parameters<NonNullable<Request['onpullsign-error']>>[0]['detail']['code']
  >().toBeString()
  expectTypeOf<JSX.IntrinsicElements['pullsign-button']>().toHaveProperty('client')
  expectTypeOf<JSX.IntrinsicElements['pullsign-countdown']>().toHaveProperty('expires-at')
  expectTypeOf<Request>().toMatchTypeOf<PullSignElementProps<PullSignRequestElement>>()
  expectTypeOf<{ theme: 'blue' }>().not.toMatchTypeOf<Request>()
  expectTypeOf<{
    'onpullsign-signed': (event: CustomEvent<number>) => void
  }>().not.toMatchTypeOf<Request>()
})

test('a server render writes the element with its attributes (no page needed), the element upgrades in the page', () => {
  const uuid = '5f4c3b2a-1d0e-4f9a-8b7c-6d5e4f3a2b1c'
  const html = renderToString(
    createElement('pullsign-request', { uuid, api: 'http://127.0.0.1:1', theme: 'dark' }),
  )
  expect(html).toBe(
    `<pullsign-request uuid="${uuid}" api="http://127.0.0.1:1" theme="dark"></pullsign-request>`,
  )
})
