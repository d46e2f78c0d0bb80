// k8s.test.mjs - deploy/k8s checked offline (node --test; tests/k8s/run.sh):
//  - kustomization.yaml lists every manifest of the folder, and only those;
//  - every manifest validates against the Kubernetes schemas
//    (kubernetes-models) and has no member the API type lacks (strict.mjs);
//  - the objects agree with each other (selectors, the Service's target
//    port, the HPA's target, the PDB) and the Deployment has what the issue
//    asks (2 replicas, probes, requests and limits, non-root, read-only
//    root, no capabilities, seccomp, a preStop pause, a grace period above
//    pause + drain);
//  - build/sudokud (SUDOKUD) started with the container's environment
//    listens on the containerPort and answers the probes' paths; every
//    variable is one that `sudokud --help` names; SIGTERM drains in time.
// The checkers are also run on broken copies, so that they can fail.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, readdirSync } from "node:fs";
import { spawn, execFileSync } from "node:child_process";
import { createServer } from "node:net";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseAllDocuments } from "yaml";
import { unknownFields, declarationsOf, modelSpec } from "./strict.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const dir = join(root, "deploy", "k8s");
const sudokud = process.env.SUDOKUD ?? join(root, "build", "sudokud");

const kustomization = parseAllDocuments(readFileSync(join(dir, "kustomization.yaml"), "utf8"))[0].toJS();
const objects = [];
for (const file of kustomization.resources)
  for (const doc of parseAllDocuments(readFileSync(join(dir, file), "utf8"))) {
    assert.equal(doc.errors.length, 0, `${file}: ${doc.errors.join("; ")}`);
    objects.push({ file, obj: doc.toJS() });
  }
const byKind = (kind) => objects.filter((o) => o.obj.kind === kind).map((o) => o.obj);
const [deployment] = byKind("Deployment");
const [service] = byKind("Service");
const [hpa] = byKind("HorizontalPodAutoscaler");
const [pdb] = byKind("PodDisruptionBudget");
const pod = deployment.spec.template.spec;
const container = pod.containers[0];

// Schema validation plus unknown members; returns the problems found.
async function problems(obj) {
  const { apiVersion, kind } = obj;
  const mod = await import(modelSpec(apiVersion, kind));
  const Model = mod[kind] ?? mod.default;
  const found = [];
  try {
    new Model(obj).validate();
  } catch (e) {
    found.push(e.message);
  }
  for (const p of unknownFields(obj, declarationsOf(apiVersion, kind))) found.push(`unknown member ${p}`);
  return found;
}

const matches = (selector, labels) =>
  Object.entries(selector.matchLabels ?? {}).every(([k, v]) => labels[k] === v) &&
  Object.keys(selector.matchLabels ?? {}).length > 0;

test("kustomization.yaml lists every manifest of deploy/k8s", () => {
  const files = readdirSync(dir).filter((f) => /\.ya?ml$/.test(f) && f !== "kustomization.yaml");
  assert.deepEqual([...kustomization.resources].sort(), files.sort());
  assert.equal(kustomization.apiVersion, "kustomize.config.k8s.io/v1beta1");
  assert.equal(kustomization.kind, "Kustomization");
  const known = new Set(["apiVersion", "kind", "labels", "resources", "images", "namespace", "commonAnnotations"]);
  for (const key of Object.keys(kustomization)) assert.ok(known.has(key), `kustomization.yaml: unexpected ${key}`);
  for (const img of kustomization.images ?? [])
    assert.ok(objects.some((o) => o.obj.spec?.template?.spec?.containers?.some((c) => c.image === img.name)),
      `images: ${img.name} is no container's image`);
});

test("every manifest validates against the Kubernetes schemas, strictly", async () => {
  const kinds = objects.map((o) => `${o.obj.apiVersion}/${o.obj.kind}`).sort();
  assert.deepEqual(kinds, ["apps/v1/Deployment", "autoscaling/v2/HorizontalPodAutoscaler",
    "policy/v1/PodDisruptionBudget", "v1/Service"]);
  for (const { file, obj } of objects) assert.deepEqual(await problems(obj), [], file);
});

test("the validation catches broken manifests", async () => {
  const broken = [
    (d) => (d.spec.replicas = "two"),
    (d) => delete d.spec.template.spec.containers,
    (d) => (d.spec.template.spec.containers[0].readinesProbe = d.spec.template.spec.containers[0].readinessProbe),
    (d) => (d.spec.template.spec.containers[0].securityContext.capabilities.dropp = ["ALL"]),
    (d) => (d.spec.template.spec.containers[0].imagePullPolicy = "Sometimes"),
    (d) => (d.metadata.labls = {}),
  ];
  for (const mutate of broken) {
    const d = structuredClone(deployment);
    mutate(d);
    assert.notDeepEqual(await problems(d), [], `accepted: ${mutate}`);
  }
  const h = structuredClone(hpa);
  h.spec.metrics[0].resource.target.averageUtilization = "70%";
  assert.notDeepEqual(await problems(h), []);
});

test("the objects agree with each other", () => {
  const labels = deployment.spec.template.metadata.labels;
  assert.ok(matches(deployment.spec.selector, labels), "Deployment selector vs its pod labels");
  assert.ok(matches({ matchLabels: service.spec.selector }, labels), "Service selector");
  assert.ok(matches(pdb.spec.selector, labels), "PDB selector");
  const names = container.ports.map((p) => p.name);
  for (const p of service.spec.ports)
    assert.ok(names.includes(p.targetPort) || container.ports.some((c) => c.containerPort === p.targetPort),
      `Service targetPort ${p.targetPort} is no container port`);
  const t = hpa.spec.scaleTargetRef;
  assert.deepEqual([t.apiVersion, t.kind, t.name], [deployment.apiVersion, "Deployment", deployment.metadata.name]);
  assert.ok(hpa.spec.metrics.some((m) => m.type === "Resource" && m.resource.name === "cpu"));
  assert.ok(container.resources.requests.cpu, "the HPA's CPU utilization needs a CPU request");
  assert.ok(hpa.spec.minReplicas >= 2 && pdb.spec.minAvailable < hpa.spec.minReplicas,
    "the PDB must let a node drain go on with the fewest replicas");
});

test("the Deployment has what a stateless service should", () => {
  assert.equal(deployment.spec.replicas, 2);
  assert.equal(container.livenessProbe.httpGet.path, "/healthz");
  assert.equal(container.readinessProbe.httpGet.path, "/readyz");
  for (const k of ["cpu", "memory"]) {
    assert.ok(container.resources.requests[k], `requests.${k}`);
    assert.ok(container.resources.limits[k], `limits.${k}`);
  }
  assert.equal(pod.securityContext.runAsNonRoot, true);
  assert.equal(pod.securityContext.seccompProfile.type, "RuntimeDefault");
  assert.equal(container.securityContext.readOnlyRootFilesystem, true);
  assert.equal(container.securityContext.allowPrivilegeEscalation, false);
  assert.deepEqual(container.securityContext.capabilities.drop, ["ALL"]);
  const pause = preStopSeconds();
  assert.ok(pause >= 1, "a preStop pause");
  const drainS = Number(envValue("DRAIN_MS")) / 1000;
  assert.ok(pod.terminationGracePeriodSeconds > pause + drainS,
    `grace ${pod.terminationGracePeriodSeconds} s must exceed preStop ${pause} s + drain ${drainS} s`);
});

function preStopSeconds() {
  const p = container.lifecycle.preStop;
  if (p.sleep) return p.sleep.seconds;
  const cmd = p.exec.command;
  assert.match(cmd[0], /(^|\/)sleep$/);
  return Number(cmd[1]);
}

// A container variable as the kubelet would set it: value, or a
// resourceFieldRef to limits.cpu / requests.cpu (rounded up to the divisor).
function cpuQuantity(q) {
  const s = String(q);
  return s.endsWith("m") ? Number(s.slice(0, -1)) / 1000 : Number(s);
}
function envValue(name) {
  const e = container.env.find((v) => v.name === name);
  if (!e) return undefined;
  if (e.value !== undefined) return e.value;
  const ref = e.valueFrom?.resourceFieldRef;
  assert.ok(ref, `${name}: only value and resourceFieldRef are supported here`);
  const [kind, res] = ref.resource.split(".");
  assert.equal(res, "cpu", `${name}: ${ref.resource}`);
  const amount = cpuQuantity(container.resources[kind === "limits" ? "limits" : "requests"][res]);
  return String(Math.ceil(amount / cpuQuantity(ref.divisor ?? "1")));
}

function freePort() {
  return new Promise((ok, ko) => {
    const s = createServer().listen(0, "127.0.0.1", () => {
      const { port } = s.address();
      s.close(() => ok(port));
    });
    s.on("error", ko);
  });
}
function portFree(port) {
  return new Promise((ok) => {
    const s = createServer().listen(port, "0.0.0.0", () => s.close(() => ok(true)));
    s.on("error", () => ok(false));
  });
}

test("build/sudokud serves the container's port, probes and environment", async () => {
  const help = execFileSync(sudokud, ["--help"], { encoding: "utf8" });
  const known = new Set([...help.matchAll(/^\s+--[a-z-]+\s+([A-Z][A-Z0-9_]+)\s/gm)].map((m) => m[1]));
  const env = {};
  for (const e of container.env) {
    assert.ok(known.has(e.name), `${e.name} is no variable of sudokud --help`);
    env[e.name] = envValue(e.name);
  }
  const http = container.ports.find((p) => p.name === "http");
  assert.equal(Number(env.PORT), http.containerPort, "PORT vs containerPort");
  for (const probe of [container.startupProbe, container.livenessProbe, container.readinessProbe].filter(Boolean))
    assert.ok(probe.httpGet.port === "http" || probe.httpGet.port === http.containerPort, "probe port");

  // The container's port, unless something on this machine holds it.
  let port = http.containerPort;
  if (process.env.K8S_TEST_PORT) port = Number(process.env.K8S_TEST_PORT);
  else if (!(await portFree(port))) {
    port = await freePort();
    console.log(`# port ${http.containerPort} is taken on this machine: PORT=${port} instead`);
  }
  const child = spawn(sudokud, [], {
    env: { PATH: process.env.PATH, ...env, PORT: String(port) },
    stdio: ["ignore", "ignore", "pipe"],
  });
  let log = "";
  child.stderr.on("data", (d) => (log += d));
  const exited = new Promise((ok) => child.on("exit", (code, signal) => ok({ code, signal })));
  try {
    const base = `http://127.0.0.1:${port}`;
    let up = false;
    for (let i = 0; i < 100 && !up; i++) {
      up = await fetch(`${base}/healthz`).then((r) => r.ok, () => false);
      if (!up) await new Promise((r) => setTimeout(r, 100));
    }
    assert.ok(up, `no /healthz within 10 s: ${log}`);
    assert.match(log, new RegExp(`^listening on http://${env.BIND.replace(/\./g, "\\.")}:${port}$`, "m"));
    for (const probe of [container.startupProbe, container.livenessProbe, container.readinessProbe].filter(Boolean)) {
      const r = await fetch(`${base}${probe.httpGet.path}`);
      assert.equal(r.status, 200, `GET ${probe.httpGet.path}`);
    }
    const r = await fetch(`${base}/solve?format=line`, {
      method: "POST",
      body: "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
    });
    assert.equal((await r.text()).trim(), "534678912672195348198342567859761423426853791713924856961537284287419635345286179");
    const start = Date.now();
    child.kill("SIGTERM");
    const { code } = await exited;
    const tookS = (Date.now() - start) / 1000;
    assert.equal(code, 0, `exit after SIGTERM: ${log}`);
    assert.match(log, /^stopped$/m);
    assert.ok(tookS < pod.terminationGracePeriodSeconds - preStopSeconds(), `drain took ${tookS} s`);
  } finally {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  }
});
