/**
 * The one stylesheet of every page, inlined (no external assets: the server works offline).
 * System fonts, a single column on a phone, light and dark schemes.
 */
export const PAGE_STYLES = `
:root{color-scheme:light dark;--bg:#f4f5f7;--card:#fff;--text:#1b1d21;--muted:#5f6670;--line:#dde0e5;
--accent:#2854d8;--ok:#137a3a;--bad:#b3261e;--warn:#8a5a00;
font-family:system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;font-size:16px;line-height:1.45}
@media (prefers-color-scheme:dark){:root{--bg:#111317;--card:#1b1e24;--text:#e8eaee;--muted:#a0a7b2;
--line:#2d323b;--accent:#8aa8ff;--ok:#5ad08a;--bad:#ff8a80;--warn:#f0c060}}
*{box-sizing:border-box}
body{margin:0;background:var(--bg);color:var(--text)}
a{color:var(--accent)}
nav.top{display:flex;flex-wrap:wrap;align-items:center;gap:.25rem 1rem;padding:.6rem 1rem;
background:var(--card);border-bottom:1px solid var(--line)}
nav.top .brand{font-weight:700;margin-right:auto}
nav.top a{text-decoration:none;padding:.2rem .1rem}
nav.top a[aria-current=page]{font-weight:600;border-bottom:2px solid var(--accent)}
main{max-width:60rem;margin:0 auto;padding:1rem}
.card{background:var(--card);border:1px solid var(--line);border-radius:.6rem;padding:1rem;margin:0 0 1rem}
.card>h2:first-child,.card>h1:first-child{margin-top:0}
h1{font-size:1.5rem;margin:.2rem 0 .6rem}h2{font-size:1.15rem;margin:.2rem 0 .6rem}
h3{font-size:1rem;margin:0 0 .4rem}
.item{border-top:1px solid var(--line);padding-top:.7rem;margin-top:.7rem}
td.amount{white-space:nowrap}
.muted{color:var(--muted)}
.instruction{font-size:1.1rem;padding:.6rem .8rem;border-left:4px solid var(--accent);background:var(--bg);
border-radius:.3rem;white-space:pre-wrap;overflow-wrap:anywhere}
dl.fields{display:grid;grid-template-columns:minmax(7rem,max-content) 1fr;gap:.35rem 1rem;margin:0}
dl.fields dt{color:var(--muted)}dl.fields dd{margin:0;overflow-wrap:anywhere}
@media (max-width:30rem){dl.fields{grid-template-columns:1fr}dl.fields dd{margin-bottom:.4rem}}
.amount{font-weight:600;font-variant-numeric:tabular-nums}
code,.mono{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-size:.9em;overflow-wrap:anywhere}
pre{overflow:auto;background:var(--bg);padding:.6rem;border-radius:.3rem;font-size:.85rem}
pre.wrap{white-space:pre-wrap;overflow-wrap:anywhere}
table.wrap{table-layout:fixed}table.wrap th,table.wrap td{overflow-wrap:anywhere;white-space:normal}
.qr{text-align:center}.qr img{width:100%;max-width:16rem;height:auto;image-rendering:pixelated;
background:#fff;border-radius:.3rem}
.qr-first .qr img{max-width:22rem}
form.act{display:grid;gap:.7rem}form.act>*{min-width:0}
label{display:grid;gap:.2rem;font-size:.9rem;color:var(--muted);min-width:0}
select{width:100%}
select,button{font:inherit;padding:.55rem .7rem;border-radius:.45rem;border:1px solid var(--line);
background:var(--card);color:var(--text);min-height:2.6rem;max-width:100%}
.buttons{display:flex;gap:.6rem;flex-wrap:wrap}.buttons button{flex:1 1 8rem;font-weight:600;cursor:pointer}
button.sign{background:var(--ok);border-color:var(--ok);color:#fff}
button.reject{background:transparent;border-color:var(--bad);color:var(--bad)}
button:disabled{opacity:.55;cursor:progress}
#outcome p{margin:.3rem 0}#detail:empty{display:none}
@media (min-width:52rem){main.sign-layout{max-width:72rem;display:grid;column-gap:1rem;align-items:start;
grid-template-columns:minmax(0,1fr) 20rem}main.sign-layout>section{grid-column:1}
main.sign-layout>#qr{grid-column:2;grid-row:1/span 3}}
.status{font-weight:600}.status[data-state=signed]{color:var(--ok)}
.status[data-state=rejected],.status[data-state=cancelled],.status[data-state=expired],
.status[data-state=error]{color:var(--bad)}
.badge{display:inline-block;padding:.05rem .5rem;border-radius:1rem;font-size:.8rem;font-weight:600;
border:1px solid currentColor;white-space:nowrap}
.badge.signed,.badge.ok{color:var(--ok)}.badge.rejected,.badge.cancelled,.badge.expired,.badge.fail{color:var(--bad)}
.badge.opened,.badge.pending{color:var(--warn)}
.table-wrap{overflow-x:auto;max-width:100%}
table{border-collapse:collapse;width:100%;font-size:.9rem}
th,td{text-align:left;padding:.35rem .5rem;border-bottom:1px solid var(--line);vertical-align:top}
.table-wrap table{width:max-content;min-width:100%}
.table-wrap th,.table-wrap td{white-space:nowrap}.table-wrap code{overflow-wrap:normal}
.table-wrap code.txid{display:inline-block;max-width:18rem;white-space:normal;overflow-wrap:anywhere}
main.dashboard{max-width:80rem}
.table-wrap .note{display:inline-block;max-width:14rem;overflow:hidden;text-overflow:ellipsis;vertical-align:bottom}
.row-actions button{min-height:2rem;padding:.2rem .6rem;margin-right:.3rem;font-weight:600;cursor:pointer}
form.inline{display:flex;flex-wrap:wrap;align-items:end;gap:.5rem .7rem;margin:0 0 .8rem}
form.inline label{flex:1 1 12rem}form.inline p{flex:1 1 100%;margin:0}
input,textarea{font:inherit;padding:.5rem .6rem;border-radius:.45rem;border:1px solid var(--line);
background:var(--card);color:var(--text);min-height:2.6rem;width:100%;min-width:0}
#action-result{margin:0;min-height:1.4em}#action-result[data-state=ok]{color:var(--ok)}
#action-result[data-state=error]{color:var(--bad)}
th{color:var(--muted);font-weight:600}
.secret{user-select:all}
`
