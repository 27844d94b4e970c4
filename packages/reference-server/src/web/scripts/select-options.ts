/**
 * Keeps a `<select>` in step with the live sections: one option per element matching `selector`
 * (its `attribute` as the value, its `<h3>` as the label), after the first `fixed` options the
 * server rendered (such as "any application"). The chosen value stays chosen while it exists.
 */
export function syncOptions(
  select: HTMLSelectElement,
  selector: string,
  attribute: string,
  fixed = 0,
): void {
  const items = [...document.querySelectorAll(selector)]
  const current = [...select.options].slice(fixed)
  const same =
    items.length === current.length &&
    items.every((item, i) => current[i]?.value === item.getAttribute(attribute))
  if (same) return
  const chosen = select.value
  for (const option of current) option.remove()
  for (const item of items) {
    const name = item.querySelector('h3')
    select.add(new Option(name?.textContent ?? '', item.getAttribute(attribute) ?? ''))
  }
  select.value = chosen
  if (select.selectedIndex < 0) select.selectedIndex = 0
}
