/**
 * The checkout page in React 19: the shop's backend creates the payment request (POST
 * /api/checkout), the page follows it with `usePayload` and draws its QR code with
 * `<pullsign-qr>` in JSX.
 */
import { usePayload } from 'pullsign/react'
import type { CreatedPayload } from 'pullsign/ui'
import 'pullsign/ui/define'
import { StrictMode, useState } from 'react'
import { createRoot } from 'react-dom/client'

const checkout = (): Promise<CreatedPayload> =>
  fetch('/api/checkout', { method: 'POST' }).then((r) => r.json())

function Payment({ created }: { created: CreatedPayload }) {
  const request = usePayload(created)
  if (request.isSigned) return <p role="status">Paid: {request.result?.txid}</p>
  if (request.isRejected) return <p role="status">You declined the payment.</p>
  if (request.isExpired) return <p role="status">The payment request expired.</p>
  if (request.isError) return <p role="alert">{request.error?.message}</p>
  return (
    <section>
      {request.qr && <pullsign-qr matrix={request.qr} label="QR code of the payment request" />}
      <p>
        <a href={request.links?.always} target="_blank" rel="noreferrer">
          Open in wallet
        </a>
      </p>
      <p role="status">
        {request.isWaiting
          ? `Waiting for your wallet (${request.secondsLeft ?? '…'} s left)`
          : request.isIdle
            ? 'Loading…'
            : 'Opened in your wallet: sign it there.'}
      </p>
    </section>
  )
}

function Shop() {
  const [created, setCreated] = useState<CreatedPayload | null>(null)
  const [failure, setFailure] = useState<string | null>(null)
  return (
    <main>
      <h1>Shop: checkout (React)</h1>
      <p>One sticker, 1 XRP.</p>
      {created ? (
        <Payment created={created} />
      ) : (
        <button
          type="button"
          onClick={() => checkout().then(setCreated, (err: Error) => setFailure(err.message))}
        >
          Pay 1 XRP
        </button>
      )}
      {failure && <p role="alert">{failure}</p>}
    </main>
  )
}

createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <Shop />
  </StrictMode>,
)
