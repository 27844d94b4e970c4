/**
 * The page's data block (`<script type="application/json" id="page-data">`), written by the
 * server's page shell from values it checked; the caller names its shape.
 */
export function readPageData<T>(): T {
  return JSON.parse(document.getElementById('page-data')?.textContent ?? 'null') as T
}

/** An element the server rendered: a missing one is a bug of the page, said by its id. */
export function byId<T extends HTMLElement = HTMLElement>(id: string): T {
  const element = document.getElementById(id)
  if (!element) throw new Error(`the page has no #${id}`)
  return element as T
}
