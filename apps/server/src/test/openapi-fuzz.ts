import fc from 'fast-check';

/** Just enough of an OpenAPI 3 document to walk its operations. */
export interface JsonSchema {
  $ref?: string;
  type?: string | string[];
  enum?: unknown[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  minimum?: number;
  maximum?: number;
  nullable?: boolean;
}
interface Parameter {
  in: 'path' | 'query' | 'header' | 'cookie';
  name: string;
  required?: boolean;
  schema: JsonSchema;
}
interface Operation {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema: JsonSchema }> };
}
export interface OpenApiDoc {
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, JsonSchema> };
}

export interface FuzzOperation {
  method: string;
  path: string;
  params: Parameter[];
  body: JsonSchema | null;
}

export interface FuzzRequest {
  method: string;
  url: string;
  /** Raw JSON text (it may hold 1e309, which JSON.stringify cannot write), or none. */
  payload?: string;
}

/** Marks a value to be written into the JSON text as it is, unquoted. */
const RAW = '\u0001raw:';
const raw = (text: string) => `${RAW}${text}`;

/** What the hostile client sends where a number goes: non-finite, past every integer column, unsafe. */
const HOSTILE_NUMBERS = [
  'Infinity',
  '-Infinity',
  '1e309',
  raw('1e309'),
  raw('-1e309'),
  raw('2147483648'),
  raw('9007199254740993'),
  raw('-2147483649'),
  raw('1.5'),
];
/** ... and where text goes: NUL bytes, lone surrogates, very long text. */
const HOSTILE_STRINGS = ['nul\u0000byte', '\u0000', '\ud800', 'x'.repeat(20_000), 'Infinity'];

const types = (schema: JsonSchema) => [schema.type ?? []].flat();

/** A value for one schema: usually a plausible one, sometimes a hostile one of its kind. */
function valueFor(doc: OpenApiDoc, schema: JsonSchema, depth = 0): fc.Arbitrary<unknown> {
  if (schema.$ref) return valueFor(doc, resolve(doc, schema.$ref), depth);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) return fc.oneof(...alternatives.map((s) => valueFor(doc, s, depth)));
  if (schema.allOf) return valueFor(doc, Object.assign({}, ...schema.allOf), depth);
  const plausible = plausibleValue(doc, schema, depth);
  const hostile = hostileValues(schema);
  return hostile.length === 0
    ? plausible
    : fc.oneof({ arbitrary: plausible, weight: 2 }, { arbitrary: fc.constantFrom(...hostile), weight: 1 });
}

function hostileValues(schema: JsonSchema): unknown[] {
  const kinds = types(schema);
  if (kinds.includes('integer') || kinds.includes('number')) return HOSTILE_NUMBERS;
  if (kinds.includes('string')) return HOSTILE_STRINGS;
  return [];
}

function plausibleValue(doc: OpenApiDoc, schema: JsonSchema, depth: number): fc.Arbitrary<unknown> {
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const kinds = types(schema);
  if (kinds.includes('object') || schema.properties) return objectValue(doc, schema, depth);
  if (kinds.includes('array')) {
    const items = schema.items && depth < 4 ? valueFor(doc, schema.items, depth + 1) : fc.constant(1);
    return fc.array(items, { maxLength: 2 });
  }
  if (kinds.includes('integer')) {
    const min = Math.ceil(schema.minimum ?? 0);
    return fc.integer({ min, max: Math.min(min + 3, schema.maximum ?? min + 3) });
  }
  if (kinds.includes('number')) return fc.double({ min: 0, max: 3, noNaN: true });
  if (kinds.includes('boolean')) return fc.boolean();
  if (kinds.includes('string')) return fc.constantFrom('a', 'member1', '2024-01-01', '');
  return fc.constant(null);
}

function objectValue(doc: OpenApiDoc, schema: JsonSchema, depth: number): fc.Arbitrary<unknown> {
  if (depth > 4) return fc.constant({});
  const required = new Set(schema.required ?? []);
  const entries = Object.entries(schema.properties ?? {});
  const shape = Object.fromEntries(entries.map(([key, s]) => [key, valueFor(doc, s, depth + 1)]));
  return fc.record(shape, { requiredKeys: entries.map(([key]) => key).filter((key) => required.has(key)) });
}

function resolve(doc: OpenApiDoc, ref: string): JsonSchema {
  const name = ref.split('/').pop() ?? '';
  return doc.components?.schemas?.[name] ?? {};
}

/** Every operation of the document with its parameters and JSON body schema. */
export function operationsOf(doc: OpenApiDoc): FuzzOperation[] {
  return Object.entries(doc.paths).flatMap(([path, operations]) =>
    Object.entries(operations).map(([method, op]) => ({
      method: method.toUpperCase(),
      path,
      params: op.parameters ?? [],
      body: op.requestBody?.content?.['application/json']?.schema ?? null,
    })),
  );
}

/** Writes a value as JSON, unquoting the values marked raw (so that a literal 1e309 reaches the parser). */
function toJson(value: unknown): string {
  return JSON.stringify(value).replace(/"\\u0001raw:([^"]*)"/g, '$1');
}

/** A query or path value as the client would type it. */
const asText = (value: unknown) =>
  typeof value === 'string'
    ? value.replace(RAW, '')
    : typeof value === 'object'
      ? toJson(value)
      : String(value);

/** Requests to one operation: every parameter and body field plausible or hostile, independently. */
export function requestsFor(doc: OpenApiDoc, op: FuzzOperation): fc.Arbitrary<FuzzRequest> {
  const pathParams = op.params.filter((p) => p.in === 'path');
  const queryParams = op.params.filter((p) => p.in === 'query');
  const valuesOf = (list: Parameter[]) =>
    fc.tuple(...list.map((p) => (p.required ? valueFor(doc, p.schema) : fc.option(valueFor(doc, p.schema)))));
  return fc
    .tuple(valuesOf(pathParams), valuesOf(queryParams), op.body ? valueFor(doc, op.body) : fc.constant(null))
    .map(([pathValues, queryValues, body]) => {
      let url = `/api${op.path.replace(/^\/api/, '')}`;
      pathParams.forEach((p, i) => {
        // A URL cannot carry a lone surrogate: it arrives as U+FFFD, as a browser would send it.
        const text = asText(pathValues[i]).replace(/[\ud800-\udfff]/g, '\ufffd');
        url = url.replace(`{${p.name}}`, encodeURIComponent(text));
      });
      const query = new URLSearchParams();
      queryParams.forEach((p, i) => {
        if (queryValues[i] !== null && queryValues[i] !== undefined)
          query.set(p.name, asText(queryValues[i]));
      });
      const search = query.toString();
      return {
        method: op.method,
        url: search ? `${url}?${search}` : url,
        payload: op.body ? toJson(body) : undefined,
      };
    });
}

/** Multipart bodies the parser cannot read: no boundary, another boundary, no closing boundary. */
export const MALFORMED_FORMS: { contentType: string; body: string }[] = [
  {
    contentType: 'multipart/form-data',
    body: '--x\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\nabc\r\n--x--\r\n',
  },
  {
    contentType: 'multipart/form-data; boundary=other',
    body: '--x\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\nabc\r\n--x--\r\n',
  },
  {
    contentType: 'multipart/form-data; boundary=x',
    body: '--x\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\nabc',
  },
  {
    contentType: 'multipart/form-data; boundary=x',
    body: '--x\r\nContent-Disposition: form-data; name="data"\r\n\r\n{"message":"nul\\u0000byte"}\r\n--x--\r\n',
  },
];
