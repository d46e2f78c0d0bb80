// validate.mjs - checks HTTP exchanges against openapi.yaml.
//
// An exchange is what tests/test_http.c appends to $CONTRACT_LOG, one JSON
// line each: {method, path (no query), status, content_type (null when
// absent), headers: {lowercased name: value}, body}, and for a request
// with a body, request: {content_type (or null), body}.
//
// For each exchange: the operation (path + method), the response for the
// status (or its NXX / default), the media type of Content-Type among the
// response's content, the body against that media type's schema (parsed
// for JSON types, as a string otherwise), and every header the response
// marks `required: true` (present, and valid against its schema).
//
// What OpenAPI cannot say, the spec says in prose and this file applies:
//   - HEAD on a path without a `head` operation is its GET without a body;
//   - a method a path does not have may only answer 405, the response that
//     the path's operations list for 405;
//   - a path the spec does not list may only answer 404, the response
//     components.responses.NotFound;
//   - a method HTTP does not define (not in HTTP_METHODS), on any path,
//     may only answer 501, components.responses.NotImplemented.
//
// What JSON.parse hides, this file finds in the text: a member named twice
// in one object (JSON.parse keeps the last, so the schema sees one; a
// client may read either).
//
// The request too, when its body is a JSON object (the service reads any
// body that starts with '{' as JSON, whatever its label), against the
// operation's requestBody application/json schema: a request the service
// took (2xx) must be valid, and one it refused for an unknown member (a
// 400 that says `unknown member "name"`) must not be: the schema takes
// neither fewer nor more members than the service.
//
// OpenAPI 3.1 schemas are JSON Schema 2020-12: the whole document is added
// to Ajv (ajv/dist/2020) under one $id, so every $ref resolves in place.
//
// Used by validate.test.mjs; also a command: node validate.mjs LOG [SPEC].

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Ajv2020 from 'ajv/dist/2020.js';
import YAML from 'yaml';

const here = path.dirname(fileURLToPath(import.meta.url));
export const DEFAULT_SPEC = path.resolve(here, '../../openapi.yaml');

const SPEC_ID = 'urn:sudokud:openapi';
const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];
// RFC 9110 9.3 and RFC 5789, case-sensitive: any other method is unknown.
const HTTP_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'CONNECT', 'OPTIONS', 'TRACE', 'PATCH'];

// Documented responses that the HTTP suite cannot provoke, with the reason.
// Every other documented (method, path, status, media type) must be seen.
export const UNREACHABLE = new Map([
  ['POST /solve 500 application/problem+json', 'internal-error needs an out-of-memory fault'],
  ['POST /solve 500 text/plain', 'internal-error needs an out-of-memory fault'],
  ...['hint', 'check', 'candidates', 'steps', 'rate'].map((e) => [`POST /${e} 500 application/problem+json`, 'internal-error needs an out-of-memory fault']),
  ...['steps', 'rate'].map((e) => [`POST /${e} 500 text/plain`, 'internal-error needs an out-of-memory fault']),
  ['GET /generate 500 application/problem+json', 'internal-error needs an out-of-memory fault'],
  ['GET /daily 500 application/problem+json', 'internal-error needs an out-of-memory fault'],
  ['GET /daily 422 application/problem+json', 'a day\'s puzzle that misses the deadline needs a level rare among random puzzles on a slow machine'],
]);

// The members that text (valid JSON) names twice in one object, each as
// the JSON pointer of its second occurrence. One pass over the text.
export function repeatedMembers(text) {
  const found = [];
  let i = 0;
  const space = () => {
    while (i < text.length && ' \t\r\n'.includes(text[i])) i++;
  };
  const string = () => {
    let j = i + 1;
    while (text[j] !== '"') j += text[j] === '\\' ? 2 : 1;
    const s = JSON.parse(text.slice(i, j + 1));
    i = j + 1;
    return s;
  };
  const value = (pointer) => {
    space();
    if (text[i] === '{') {
      const names = new Set();
      i++;
      space();
      if (text[i] === '}') return void i++;
      for (;;) {
        space();
        const name = string();
        if (names.has(name)) found.push(`${pointer}/${esc(name)}`);
        names.add(name);
        space();
        i++; // ':'
        value(`${pointer}/${esc(name)}`);
        space();
        if (text[i++] === '}') return;
      }
    }
    if (text[i] === '[') {
      i++;
      space();
      if (text[i] === ']') return void i++;
      for (let k = 0; ; k++) {
        value(`${pointer}/${k}`);
        space();
        if (text[i++] === ']') return;
      }
    }
    if (text[i] === '"') return void string();
    while (i < text.length && !',]} \t\r\n'.includes(text[i])) i++;
  };
  value('');
  return found;
}

export function loadSpec(file = DEFAULT_SPEC) {
  return YAML.parse(readFileSync(file, 'utf8'));
}

// JSON pointer helpers (RFC 6901).
const esc = (s) => String(s).replace(/~/g, '~0').replace(/\//g, '~1');
const unesc = (s) => s.replace(/~1/g, '/').replace(/~0/g, '~');
function at(doc, pointer) {
  let v = doc;
  for (const part of pointer.replace(/^#\/?/, '').split('/').filter((p) => p !== '')) {
    if (v == null) return undefined;
    v = v[unesc(part)];
  }
  return v;
}

const mediaType = (ct) => (ct == null ? null : ct.split(';')[0].trim().toLowerCase());
const isJson = (mt) => mt === 'application/json' || /^[^/]+\/[^;]+\+json$/.test(mt);

export function makeValidator(spec) {
  const ajv = new Ajv2020({ allErrors: true, strict: true, strictTypes: false });
  // The document's non-schema members, and OpenAPI's schema annotations.
  ajv.addVocabulary(['openapi', 'info', 'jsonSchemaDialect', 'servers', 'security', 'tags',
    'paths', 'webhooks', 'components', 'externalDocs', 'example', 'discriminator', 'xml']);
  ajv.addSchema({ ...spec, $id: SPEC_ID });
  const compiled = new Map();
  function schemaAt(pointer) {
    if (!compiled.has(pointer)) compiled.set(pointer, ajv.compile({ $ref: `${SPEC_ID}${pointer}` }));
    return compiled.get(pointer);
  }

  // Follows OpenAPI-level $refs (responses, headers): [object, pointer].
  function deref(obj, pointer) {
    for (let i = 0; obj && typeof obj.$ref === 'string' && i < 20; i++) {
      pointer = obj.$ref;
      if (!pointer.startsWith('#')) throw new Error(`external $ref ${pointer} not supported`);
      obj = at(spec, pointer);
    }
    return [obj, pointer];
  }

  function operationsOf(pathItem) {
    return METHODS.filter((m) => pathItem[m]).map((m) => [m, pathItem[m]]);
  }

  // The response object an exchange must match: {response, pointer, key,
  // head} or {error}. key names it for the coverage count.
  function responseFor(exchange) {
    // An absolute-form target (RFC 9112 3.2.2) is the operation of its path.
    const ex = { ...exchange, path: String(exchange.path).replace(/^https?:\/\/[^/]*/i, '') || '/' };
    const method = String(ex.method).toLowerCase();
    const status = String(ex.status);
    const pathItem = spec.paths?.[ex.path];
    if (!HTTP_METHODS.includes(String(ex.method))) {
      if (status !== '501')
        return { error: `${ex.method} is no HTTP method: only 501 is documented for it, got ${status}` };
      const [response, pointer] = deref({ $ref: '#/components/responses/NotImplemented' }, '');
      return { response, pointer, key: `* (unknown method) 501` };
    }
    if (!pathItem) {
      if (status !== '404')
        return { error: `${ex.path} is not in the spec: only 404 is documented for it, got ${status}` };
      const [response, pointer] = deref({ $ref: '#/components/responses/NotFound' }, '');
      return { response, pointer, key: `* (unlisted path) 404` };
    }
    let op = pathItem[method];
    let opPointer = `#/paths/${esc(ex.path)}/${method}`;
    let head = false;
    if (!op && method === 'head' && pathItem.get) {
      op = pathItem.get;
      opPointer = `#/paths/${esc(ex.path)}/get`;
      head = true;
    }
    if (!op) {
      const allowed = operationsOf(pathItem).map(([m]) => m.toUpperCase()).join(', ');
      if (status !== '405')
        return { error: `${ex.method} ${ex.path}: the path has no ${ex.method} (only ${allowed}), so only 405 is documented, got ${status}` };
      const found = operationsOf(pathItem).find(([, o]) => o.responses?.['405']);
      if (!found) return { error: `${ex.method} ${ex.path}: 405 is not documented on any operation of the path` };
      const [m] = found;
      const [response, pointer] = deref(pathItem[m].responses['405'], `#/paths/${esc(ex.path)}/${m}/responses/405`);
      return { response, pointer, key: `* ${ex.path} 405`, head: method === 'head' };
    }
    const responses = op.responses ?? {};
    const code = [status, `${status[0]}XX`, `${status[0]}xx`, 'default'].find((c) => responses[c]);
    if (!code)
      return { error: `${ex.method} ${ex.path}: status ${status} is not documented (documented: ${Object.keys(responses).join(', ')})` };
    const [response, pointer] = deref(responses[code], `${opPointer}/responses/${esc(code)}`);
    const shownMethod = head ? 'GET' : ex.method.toUpperCase();
    return { response, pointer, key: `${shownMethod} ${ex.path} ${code}`, head, op, opPointer };
  }

  // Header values are strings: a number schema takes the number.
  function coerceHeader(schema, value) {
    const types = [].concat(schema?.type ?? []);
    if ((types.includes('integer') || types.includes('number')) && /^-?\d+(\.\d+)?$/.test(value.trim()))
      return Number(value);
    return value;
  }

  function ajvErrors(validate) {
    return validate.errors.map((e) => `${e.instancePath || '(root)'} ${e.message}${e.params && Object.keys(e.params).length ? ' ' + JSON.stringify(e.params) : ''}`).join('; ');
  }

  // What is wrong with the request of ex against its operation's
  // requestBody (see the top of this file): [] or one message.
  function requestErrors(ex, found, where) {
    const text = typeof ex.request?.body === 'string' ? ex.request.body : '';
    if (!found.op?.requestBody || !/^\uFEFF?[ \t\r\n]*\{/.test(text)) return [];
    let value;
    try {
      value = JSON.parse(text.replace(/^\uFEFF/, ''));
    } catch {
      return []; /* an invalid-json 400 */
    }
    const [body, pointer] = deref(found.op.requestBody, `${found.opPointer}/requestBody`);
    if (!body?.content?.['application/json']?.schema) return [];
    const validate = schemaAt(`${pointer}/content/application~1json/schema`);
    const valid = validate(value);
    const status = Number(ex.status);
    const shown = `\n    request: ${text.slice(0, 300)}`;
    if (status >= 200 && status < 300 && !valid)
      return [`${where}: the service took a request body that ${pointer} refuses: ${ajvErrors(validate)}${shown}`];
    const unknown = status === 400 && /unknown member \\?"([^"\\]*)\\?"/.exec(ex.body ?? '');
    if (unknown && valid)
      return [`${where}: the service refused member "${unknown[1]}" as unknown, but ${pointer} takes it${shown}`];
    return [];
  }

  // Returns {errors: [...], key} for one exchange; key is the coverage key
  // (method path status media type) when the response was found.
  function check(ex) {
    const errors = [];
    const where = `${ex.method} ${ex.path} -> ${ex.status}`;
    const found = responseFor(ex);
    if (found.error) return { errors: [found.error], key: null };
    const { response, pointer, head } = found;
    const headers = ex.headers ?? {};
    const body = ex.body ?? '';
    errors.push(...requestErrors(ex, found, where));

    // Headers the spec marks required, and any documented one present.
    for (const [name, h] of Object.entries(response.headers ?? {})) {
      const [header, hPointer] = deref(h, `${pointer}/headers/${esc(name)}`);
      const value = headers[name.toLowerCase()];
      if (value === undefined) {
        if (header?.required) errors.push(`${where}: required header ${name} is missing`);
        continue;
      }
      if (header?.schema) {
        const validate = schemaAt(`${hPointer}/schema`);
        if (!validate(coerceHeader(header.schema, value)))
          errors.push(`${where}: header ${name}: ${JSON.stringify(value)}: ${ajvErrors(validate)}`);
      }
    }

    // Content.
    const content = response.content ?? {};
    const types = Object.keys(content);
    const mt = mediaType(ex.content_type);
    let key = `${found.key} -`;
    if (types.length === 0) {
      if (body.length > 0) errors.push(`${where}: the spec documents no content, got ${body.length} bytes`);
      if (mt) errors.push(`${where}: the spec documents no content, got Content-Type ${ex.content_type}`);
      return { errors, key };
    }
    if (!mt) {
      errors.push(`${where}: no Content-Type (documented: ${types.join(', ')})`);
      return { errors, key: null };
    }
    const match =
      types.find((t) => t.toLowerCase() === mt) ??
      types.find((t) => t.toLowerCase() === `${mt.split('/')[0]}/*`) ??
      types.find((t) => t === '*/*');
    if (!match) {
      errors.push(`${where}: Content-Type ${ex.content_type} is not documented (documented: ${types.join(', ')})`);
      return { errors, key: null };
    }
    key = `${found.key} ${match}`;
    if (head) {
      if (body.length > 0) errors.push(`${where}: a HEAD answer has a body (${body.length} bytes)`);
      return { errors, key };
    }
    const schema = content[match].schema;
    if (!schema) return { errors, key };
    const validate = schemaAt(`${pointer}/content/${esc(match)}/schema`);
    if (isJson(mt)) {
      let value;
      try {
        value = JSON.parse(body);
      } catch (e) {
        errors.push(`${where}: ${mt} body is not JSON (${e.message}): ${body.slice(0, 200)}`);
        return { errors, key };
      }
      for (const at of repeatedMembers(body))
        errors.push(`${where}: body names a member twice in one object, at ${at} (JSON.parse keeps the last)\n    body: ${body.slice(0, 300)}`);
      if (!validate(value))
        errors.push(`${where}: body does not match ${pointer}/content/${match}/schema: ${ajvErrors(validate)}\n    body: ${body.slice(0, 300)}`);
    } else {
      const [resolved] = deref(schema, '');
      if (![].concat(resolved?.type ?? []).includes('string'))
        errors.push(`${where}: ${match} is text, but its schema is not a string schema`);
      else if (!validate(body))
        errors.push(`${where}: text body does not match its schema: ${ajvErrors(validate)}`);
    }
    return { errors, key };
  }

  // Every documented (method path status media type) key; 405 is keyed by
  // path, since it answers the methods a path does not have.
  function documented() {
    const keys = new Set();
    for (const [p, item] of Object.entries(spec.paths ?? {})) {
      for (const [m, op] of operationsOf(item)) {
        for (const [code, r] of Object.entries(op.responses ?? {})) {
          const [response] = deref(r, '');
          const prefix = code === '405' ? `* ${p} 405` : `${m.toUpperCase()} ${p} ${code}`;
          const types = Object.keys(response?.content ?? {});
          if (types.length === 0) keys.add(`${prefix} -`);
          for (const t of types) keys.add(`${prefix} ${t}`);
        }
      }
    }
    return keys;
  }

  return { check, documented };
}

export function readLog(file) {
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line, i) => {
      try {
        return JSON.parse(line);
      } catch (e) {
        throw new Error(`${file}:${i + 1}: not JSON (${e.message})`);
      }
    });
}

// Validates every exchange: {count, errors, seen (coverage keys), missing}.
export function validateLog(exchanges, spec = loadSpec()) {
  const v = makeValidator(spec);
  const errors = [];
  const seen = new Set();
  for (const ex of exchanges) {
    const r = v.check(ex);
    errors.push(...r.errors);
    if (r.key && r.errors.length === 0) seen.add(r.key);
  }
  const missing = [...v.documented()].filter((k) => !seen.has(k) && !UNREACHABLE.has(k)).sort();
  return { count: exchanges.length, errors, seen, missing };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const [log, specFile] = process.argv.slice(2);
  if (!log) {
    console.error('usage: node validate.mjs CONTRACT_LOG [openapi.yaml]');
    process.exit(2);
  }
  const { count, errors, missing } = validateLog(readLog(log), loadSpec(specFile ?? DEFAULT_SPEC));
  for (const e of errors) console.error(`contract: ${e}`);
  for (const k of missing) console.error(`contract: documented but never exercised: ${k}`);
  console.log(`contract: ${count} exchanges validated, ${errors.length} errors, ${missing.length} documented responses not exercised`);
  process.exit(errors.length || missing.length ? 1 : 0);
}
