// Colours take the page's `--pullsign-*` custom properties, else light-dark() defaults that follow
// `color-scheme` (theme="auto": the system's; "light", "dark": fixed); every pair passes WCAG AA
// in both. The building blocks used alone (countdown, button) bring their background, so their
// text stays readable on a page of the other scheme. The QR code stays black on white, forced colours included. Written compact: it ships
// as a string (a line ends in `\`: no newline in the string).
const CSS = `:host{--a:var(--pullsign-accent,#0b5cd5);--c:var(--pullsign-accent-text,#fff);--b:var(--pullsign-bg,light-dark(#fff,#17191e));--m:var(--pullsign-muted,light-dark(#575e6b,#aab1bd));--l:var(--pullsign-border,light-dark(#c9ced6,#464c58));--r:var(--pullsign-radius,12px);color-scheme:light dark;display:inline-block;color:var(--pullsign-text,light-dark(#17191e,#eef0f3));font-family:var(--pullsign-font)}\
:host([theme=light]){color-scheme:light}\
:host([theme=dark]){color-scheme:dark}\
:host([hidden]){display:none}\
:host(pullsign-countdown),:host(pullsign-button){background:var(--b);border-radius:var(--r)}\
[part~=panel],[part~=actions],header{display:flex;flex-wrap:wrap;align-items:center;justify-content:center;gap:.75rem}\
[part~=panel]{flex-direction:column;max-width:24rem;padding:1.25rem;text-align:center;background:var(--b);border:1px solid var(--l);border-radius:var(--r)}\
header{align-self:stretch;justify-content:space-between}\
h2,p{margin:0;font-size:1em}\
[part~=heading]{font-weight:600}\
a,button{display:inline-flex;align-items:center;min-width:2.5rem;min-height:2.5rem;padding:0 1rem;font:inherit;color:inherit;text-decoration:none;background:none;border:1px solid var(--l);border-radius:var(--r);cursor:pointer}\
[part~=open-link],[part~=retry-button],[part~=button]{color:var(--c);background:var(--a);border-color:var(--a)}\
:focus-visible{outline:2px solid var(--pullsign-focus,light-dark(#0b5cd5,#8ab4ff));outline-offset:2px}\
:disabled{opacity:.6}\
[part~=qr]{display:block;width:var(--pullsign-qr-size,13rem);background:#fff;color:#000;forced-color-adjust:none}\
[part~=countdown],small{color:var(--m)}\
small{display:block}\
[part~=error],[part~=icon]{color:var(--pullsign-danger,light-dark(#b3261e,#ff9a90))}\
[part~=icon]{font-size:2em}\
:host(:state(signed)) [part~=icon]{color:inherit}\
[part~=result]{font:.8em monospace;overflow-wrap:anywhere}\
[part~=spinner]{width:1.5rem;height:1.5rem;border:3px solid var(--l);border-top-color:var(--a);border-radius:50%;animation:s 1s linear infinite}\
@keyframes s{to{rotate:1turn}}\
[part~=account]{padding:.5rem .75rem;font-family:monospace;border:1px solid var(--l);border-radius:2rem}\
dialog{padding:0;color:inherit;background:none;border:0}\
dialog::backdrop{background:var(--pullsign-backdrop,#0008)}\
@media (prefers-reduced-motion:reduce){*{animation:none!important}}`

let sheet: CSSStyleSheet | undefined

/**
 * The one stylesheet every element adopts (`adoptedStyleSheets`: no `<style>` and no inline
 * style, so a strict CSP without `unsafe-inline` allows it), made when the first element is.
 */
export const styleSheet = (): CSSStyleSheet => {
  if (!sheet) {
    sheet = new CSSStyleSheet()
    sheet.replaceSync(CSS)
  }
  return sheet
}
