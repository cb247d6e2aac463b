/**
 * A small XML writer for the bank files: elements, text and attributes, escaped, indented by two
 * spaces, UTF-8 declaration. Enough for the fixed trees of CBI and pain.001; no parsing.
 */
export interface XmlElement {
  name: string;
  attributes: Readonly<Record<string, string>>;
  /** Text content, or child elements. */
  content: string | readonly XmlElement[];
}

type Child = XmlElement | null | undefined | false;

const NAME = /^[A-Za-z_][A-Za-z0-9_.:-]*$/;
// eslint-disable-next-line no-control-regex -- the control characters are what is looked for
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** An element with text or child elements; null, undefined and false children are left out (optional elements). */
export function el(name: string, content: string | readonly Child[], attributes: Readonly<Record<string, string>> = {}): XmlElement {
  if (!NAME.test(name)) throw new RangeError(`not an XML name: ${name}`);
  for (const key of Object.keys(attributes)) if (!NAME.test(key)) throw new RangeError(`not an XML attribute name: ${key}`);
  const children = typeof content === 'string' ? content : content.filter((c): c is XmlElement => Boolean(c));
  return { name, attributes, content: children };
}

/**
 * Text escaped for content and attribute values (& < > " '). Characters XML 1.0 does not allow
 * (control characters other than tab, line feed, carriage return; lone surrogates) are refused.
 */
export function escapeXml(text: string): string {
  if (NOT_XML.test(text) || LONE_SURROGATE.test(text)) {
    throw new RangeError('text holds characters XML does not allow');
  }
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');
}

function render(element: XmlElement, depth: number): string {
  const indent = '  '.repeat(depth);
  const attrs = Object.entries(element.attributes)
    .map(([key, value]) => ` ${key}="${escapeXml(value)}"`)
    .join('');
  if (typeof element.content === 'string') return `${indent}<${element.name}${attrs}>${escapeXml(element.content)}</${element.name}>\n`;
  if (element.content.length === 0) return `${indent}<${element.name}${attrs}/>\n`;
  const inner = element.content.map((child) => render(child, depth + 1)).join('');
  return `${indent}<${element.name}${attrs}>\n${inner}${indent}</${element.name}>\n`;
}

/** The document: XML declaration (UTF-8) and the root element. */
export function xmlDocument(root: XmlElement): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n${render(root, 0)}`;
}
