// The checkout page's script: "Pay" puts a <pullsign-request> on the page whose payload comes
// from the shop's own backend (POST /api/checkout), and the page reacts to its events.
const outcome = document.getElementById('outcome')
const pay = document.getElementById('pay')

pay.addEventListener('click', () => {
  pay.hidden = true
  const panel = document.createElement('pullsign-request')
  // Called for the first show, "try again" and "new request" (after an expiry).
  panel.create = () => fetch('/api/checkout', { method: 'POST' }).then((r) => r.json())
  panel.addEventListener('pullsign-signed', (event) => {
    // A hint: the backend fetches the payload (or verifies the transaction) before it ships.
    outcome.textContent = `Paid: ${event.detail.txid}`
  })
  panel.addEventListener('pullsign-rejected', () => {
    outcome.textContent = 'You declined the payment.'
  })
  panel.addEventListener('pullsign-expired', () => {
    outcome.textContent = 'The payment request expired.'
  })
  panel.addEventListener('pullsign-error', (event) => {
    outcome.textContent = `Something went wrong: ${event.detail.message}`
  })
  document.getElementById('checkout').append(panel)
})
