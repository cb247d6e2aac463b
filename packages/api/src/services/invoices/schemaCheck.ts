/**
 * Before anything reads an e-invoice (issue 28): the bytes are text of an XML document, without a DOCTYPE or
 * an entity declaration (what entity expansion and external entities need: refused before any parser sees
 * it), its root is FatturaElettronica of the FatturaPA 1.2 namespace, and it is valid against the official
 * schema (xmllint-wasm: libxml2 in WebAssembly, in the server's process; the XSDs beside this module).
 */
import { readFileSync } from 'node:fs';
import { AppError, sniffDocumentType } from '@app/domain';
import { validateXML, type XMLValidationError } from 'xmllint-wasm';

export const FATTURAPA_NAMESPACE = 'http://ivaservizi.agenziaentrate.gov.it/docs/xsd/fatture/v1.2';

const XSD_DIR = new URL('./xsd/', import.meta.url);
let schemas: { xsd: string; dsig: string } | null = null;
function schemaFiles(): { xsd: string; dsig: string } {
  schemas ??= {
    xsd: readFileSync(new URL('Schema_del_file_xml_FatturaPA_versione_1.2.1a_cleanup.xsd', XSD_DIR), 'utf8'),
    dsig: readFileSync(new URL('xmldsig-core-schema.xsd', XSD_DIR), 'utf8'),
  };
  return schemas;
}

/** The XML text of the bytes: UTF-8 (with or without its mark) or the Latin encodings a declaration names, as UTF-8 text. */
function decodeXml(bytes: Uint8Array): string {
  const head = new TextDecoder('latin1').decode(bytes.subarray(0, 200));
  const declared = /^\s*<\?xml[^>]*encoding\s*=\s*["']([A-Za-z0-9._-]+)["']/.exec(head)?.[1]?.toLowerCase() ?? 'utf-8';
  const latin = ['iso-8859-1', 'iso-8859-15', 'windows-1252', 'latin1'].includes(declared);
  if (!latin && declared !== 'utf-8' && declared !== 'utf8')
    throw new AppError('InvoiceInvalid', { field: 'file', message: `encoding ${declared} is not read` });
  try {
    const text = new TextDecoder(latin ? 'windows-1252' : 'utf-8', { fatal: true }).decode(bytes);
    // the declaration names the encoding the text now has
    return latin ? text.replace(/^(\s*<\?xml[^>]*encoding\s*=\s*["'])[A-Za-z0-9._-]+/, '$1UTF-8') : text.replace(/^\uFEFF/, '');
  } catch {
    throw new AppError('InvoiceInvalid', { field: 'file', message: 'the text is not UTF-8' });
  }
}

/** The root element's name and the namespace its prefix is bound to (from the start tag's own declarations). */
function rootOf(xml: string): { local: string; namespace: string | null } | null {
  // past the declaration, comments and processing instructions
  const start = /^(?:\s|<\?[\s\S]*?\?>|<!--[\s\S]*?-->)*<([A-Za-z_][\w.-]*(?::[A-Za-z_][\w.-]*)?)([^>]*)/.exec(xml);
  if (!start) return null;
  const [, qname = '', attributes = ''] = start;
  const [prefix, local] = qname.includes(':') ? qname.split(':') : ['', qname];
  const binding = new RegExp(`\\sxmlns${prefix ? `:${prefix}` : ''}\\s*=\\s*["']([^"']*)["']`).exec(attributes);
  return { local: local ?? '', namespace: binding?.[1] ?? null };
}

/** The first problem the validator names, as "line N: message". */
function firstProblem(errors: readonly XMLValidationError[]): { message: string; line: number | null; element: string } {
  const first = errors.find((e) => e.message.trim() !== '') ?? errors[0];
  const message = (first?.message ?? 'invalid').replace(/^Schemas validity error : /, '').trim();
  const element = /Element '(?:\{[^}]*\})?([^']+)'/.exec(message)?.[1] ?? '';
  return { message, line: first?.loc?.lineNumber ?? null, element };
}

/**
 * The checked XML text of an invoice file. Refusals, in this order: InvoiceNotXml (the content is no XML),
 * InvoiceUnsafe (a DOCTYPE or an entity declaration, anywhere), InvoiceNotFatturaPA (the root is not
 * FatturaElettronica, or its namespace is another), InvoiceInvalid (not well-formed or not valid against the
 * XSD: the first problem with its line and element).
 */
export async function checkedXml(bytes: Uint8Array): Promise<string> {
  // a document opening with its DTD (no declaration before it) is XML as well: refused below as unsafe
  const opensWithDtd = /^(\uFEFF|\u00EF\u00BB\u00BF)?\s*<!/.test(new TextDecoder('latin1').decode(bytes.subarray(0, 64)));
  if (sniffDocumentType(bytes) !== 'application/xml' && !opensWithDtd) throw new AppError('InvoiceNotXml', { field: 'file' });
  const xml = decodeXml(bytes);
  // no DTD at all: entity expansion (billion laughs, quadratic blowup), external entities and embedded schemas need one
  const declaration = /<!\s*(DOCTYPE|ENTITY|ELEMENT|ATTLIST)/i.exec(xml);
  if (declaration)
    throw new AppError('InvoiceUnsafe', {
      field: 'file',
      message: `<!${declaration[1]!.toUpperCase()} is not allowed`,
      params: { declaration: declaration[1]!.toUpperCase() },
    });
  const root = rootOf(xml);
  if (!root) throw new AppError('InvoiceInvalid', { field: 'file', message: 'no root element' });
  if (root.local !== 'FatturaElettronica' || (root.namespace !== null && root.namespace !== FATTURAPA_NAMESPACE))
    throw new AppError('InvoiceNotFatturaPA', { field: 'file', message: `root ${root.local} ${root.namespace ?? ''}`.trim(), params: { root: root.local } });
  const { xsd, dsig } = schemaFiles();
  let result: Awaited<ReturnType<typeof validateXML>>;
  try {
    result = await validateXML({
      xml: [{ fileName: 'invoice.xml', contents: xml }],
      schema: [{ fileName: 'fatturapa.xsd', contents: xsd }],
      preload: [{ fileName: 'xmldsig-core-schema.xsd', contents: dsig }],
      // the largest invoice (5 MB) with its tree: 128 MB at most
      maxMemoryPages: 2048,
    });
  } catch (error) {
    throw new AppError('InvoiceInvalid', {
      field: 'file',
      message: `the validator could not read the file: ${error instanceof Error ? error.message : String(error)}`,
    });
  }
  if (!result.valid) {
    const problem = firstProblem(result.errors);
    const params: Record<string, string | number> = { element: problem.element };
    if (problem.line !== null) params.line = problem.line;
    throw new AppError('InvoiceInvalid', {
      field: 'file',
      message: problem.line !== null ? `line ${problem.line}: ${problem.message}` : problem.message,
      params,
    });
  }
  return xml;
}
