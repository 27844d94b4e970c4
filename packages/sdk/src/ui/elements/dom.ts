type Child = Node | string | null | undefined | false
type Attributes = Record<string, string | boolean | null | undefined | ((event: Event) => void)>

const fill = <E extends Element>(element: E, attributes: Attributes, children: Child[]): E => {
  for (const [name, value] of Object.entries(attributes)) {
    if (typeof value === 'function') element.addEventListener(name, value)
    else if (value != null && value !== false)
      element.setAttribute(name, value === true ? '' : value)
  }
  element.append(...(children.filter((child) => child != null && child !== false) as Node[]))
  return element
}

/**
 * Builds an element: attributes as strings (`true`: present), functions as event listeners, and
 * children as nodes or text. Text stays text: nothing from the wire is ever parsed as HTML.
 */
export const h = (tag: string, attributes: Attributes = {}, ...children: Child[]): HTMLElement =>
  fill(document.createElement(tag), attributes, children)

/** {@link h} in the SVG namespace. */
export const svg = (tag: string, attributes: Attributes = {}, ...children: Child[]): SVGElement =>
  fill(document.createElementNS('http://www.w3.org/2000/svg', tag), attributes, children)
