// strict.mjs - unknown-field check for Kubernetes manifests. The validators
// of kubernetes-models check types, required members, enums and formats but
// let unknown members through (as the JSON schemas of the API do), while
// `kubectl apply` (--validate=strict) refuses them: a misspelt
// `readinessProbe` would be dropped without a word. This walks an object
// against the TypeScript declarations that kubernetes-models ships beside
// each model (`export interface IName { "field"?: Type; }`) and lists every
// member that the API type does not have.
import { readFileSync, existsSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, resolve } from "node:path";

const require = createRequire(import.meta.url);
const cache = new Map();

// The .d.ts file of a module specifier ("kubernetes-models/apps/v1/Deployment").
function dtsOf(spec, from) {
  let file;
  if (spec.startsWith(".")) file = resolve(dirname(from), spec);
  else {
    const [scope, name, ...rest] = spec.split("/");
    const pkg = scope.startsWith("@") ? `${scope}/${name}` : scope;
    const tail = scope.startsWith("@") ? rest : [name, ...rest];
    const root = dirname(require.resolve(`${pkg}/package.json`));
    file = resolve(root, ...tail);
  }
  file = file.replace(/\.js$/, "");
  for (const f of [`${file}.d.ts`, `${file}/index.d.ts`]) if (existsSync(f)) return f;
  throw new Error(`no declarations for ${spec} (from ${from})`);
}

// { fields: {name: typeText}, imports: {TypeName: file} } of the first
// interface declared in a .d.ts file.
function parse(file) {
  if (cache.has(file)) return cache.get(file);
  const text = readFileSync(file, "utf8");
  const imports = {};
  for (const m of text.matchAll(/import \{([^}]*)\} from "([^"]+)"/g))
    for (const name of m[1].split(",").map((s) => s.trim()).filter(Boolean))
      imports[name.replace(/^type\s+/, "")] = m[2];
  const body = text.match(/export interface \w+[^{]*\{([\s\S]*?)\n\}/);
  const fields = {};
  if (body)
    for (const m of body[1].matchAll(/^\s+"([^"]+)"\??:\s*([^;]+);/gm)) fields[m[1]] = m[2].trim();
  const out = { file, fields, imports };
  cache.set(file, out);
  return out;
}

// The declaration file of a field's type when it is an object type of the
// API (an imported interface), else null (scalars, maps, int-or-string).
function nested(decl, type) {
  const t = type.replace(/^Array<(.*)>$/, "$1");
  const m = t.match(/^(I[A-Za-z0-9]+)$/);
  if (!m || !(m[1] in decl.imports)) return null;
  return dtsOf(decl.imports[m[1]], decl.file);
}

// Unknown members of value under the interface of file, as JSON paths.
export function unknownFields(value, file, path = "") {
  const decl = parse(file);
  const found = [];
  if (value === null || typeof value !== "object" || Array.isArray(value)) return found;
  if (Object.keys(decl.fields).length === 0) return found; // free-form object
  for (const [key, v] of Object.entries(value)) {
    const at = `${path}.${key}`;
    if (!(key in decl.fields)) {
      found.push(at);
      continue;
    }
    const sub = nested(decl, decl.fields[key]);
    if (!sub) continue;
    if (Array.isArray(v)) v.forEach((item, i) => found.push(...unknownFields(item, sub, `${at}[${i}]`)));
    else found.push(...unknownFields(v, sub, at));
  }
  return found;
}

// The model module of a manifest: "apps/v1" + "Deployment" ->
// kubernetes-models/apps/v1/Deployment; "v1" + "Service" -> .../v1/Service.
export function modelSpec(apiVersion, kind) {
  return `kubernetes-models/${apiVersion}/${kind}`;
}

export function declarationsOf(apiVersion, kind) {
  return dtsOf(modelSpec(apiVersion, kind), import.meta.url.replace("file://", ""));
}
