// validate.test.mjs - node --test: every exchange of the HTTP suite (in
// $CONTRACT_LOG, see run.sh) against openapi.yaml, every documented
// response exercised, and the validator itself: it must take a right
// answer and refuse wrong ones.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { loadSpec, makeValidator, readLog, repeatedMembers, validateLog, UNREACHABLE } from './validate.mjs';

const spec = loadSpec();
const v = makeValidator(spec);
const log = process.env.CONTRACT_LOG;

test('every exchange of the HTTP suite matches openapi.yaml', { skip: !log && 'CONTRACT_LOG is not set (tests/contract/run.sh sets it)' }, (t) => {
  assert.ok(existsSync(log), `${log} does not exist: did the HTTP suite run with CONTRACT_LOG?`);
  const exchanges = readLog(log);
  assert.ok(exchanges.length > 0, `${log} is empty`);
  const { count, errors, missing } = validateLog(exchanges, spec);
  t.diagnostic(`${count} exchanges validated`);
  assert.deepEqual(errors, [], `${errors.length} of ${count} exchanges break the contract:\n${errors.join('\n')}`);
  assert.deepEqual(missing, [], `documented responses the HTTP suite never received (add them to tests/test_http.c):\n${missing.join('\n')}`);
});

// ---- The validator validates ---------------------------------------------

const SOLVED = {
  solution: [[1, 2, 3, 4], [3, 4, 1, 2], [2, 1, 4, 3], [4, 3, 2, 1]],
  line: '1234341221434321',
  unique: true,
  solutions_found: 1,
  complete: true,
  size: 4,
  box: [2, 2],
  givens: 6,
  nodes: 1,
  guesses: 0,
  time_us: 3,
};
const PROBLEM = {
  type: '/problems/no-solution',
  title: 'No solution',
  status: 422,
  detail: 'the givens do not clash, but no grid completes them',
  request_id: 'abc',
  nodes: 1,
};

function exchange(over) {
  const ex = {
    method: 'POST',
    path: '/solve',
    status: 200,
    content_type: 'application/json',
    headers: { 'x-request-id': 'abc', vary: 'Accept', 'sudoku-solutions': '1', 'content-type': 'application/json' },
    body: JSON.stringify(SOLVED),
    ...over,
  };
  if (over.content_type !== undefined) ex.headers = { ...ex.headers, 'content-type': over.content_type };
  if (over.headers) ex.headers = over.headers;
  return ex;
}
const problem = (status, body, extra = {}) =>
  exchange({ status, content_type: 'application/problem+json', body: JSON.stringify(body), ...extra });

function accepts(ex) {
  const { errors } = v.check(ex);
  assert.deepEqual(errors, [], `a right answer was refused: ${errors.join('; ')}`);
}
function refuses(ex, pattern) {
  const { errors } = v.check(ex);
  assert.ok(errors.length > 0, `a wrong answer was accepted: ${JSON.stringify(ex)}`);
  assert.match(errors.join('\n'), pattern);
}

test('right answers pass', () => {
  accepts(exchange({}));
  accepts(exchange({ body: JSON.stringify({ results: [{ index: 0, status: 'solved', ...SOLVED }, { index: 1, status: 'no-solution', title: 'No solution', http_status: 422, detail: 'x', nodes: 3 }], count: 2, solved: 1, failed: 1 }) }));
  accepts(exchange({ content_type: 'text/plain; charset=utf-8', body: '1 2 3 4\n' }));
  accepts(problem(422, PROBLEM));
  accepts(problem(503, { ...PROBLEM, type: '/problems/overloaded', status: 503 }, { headers: { 'x-request-id': 'a', 'retry-after': '1' } }));
  accepts(exchange({ method: 'GET', path: '/solve', status: 405, content_type: 'application/problem+json', body: JSON.stringify({ ...PROBLEM, type: '/problems/method-not-allowed', status: 405 }), headers: { 'x-request-id': 'a', allow: 'POST, OPTIONS' } }));
  accepts(exchange({ method: 'GET', path: '/nowhere', status: 404, content_type: 'text/plain', body: 'error: no such path\n', headers: { 'x-request-id': 'a' } }));
  accepts(exchange({ method: 'BREW', path: '/nowhere', status: 501, content_type: 'application/problem+json', body: JSON.stringify({ ...PROBLEM, type: '/problems/not-implemented', status: 501 }), headers: { 'x-request-id': 'a' } }));
  accepts(exchange({ method: 'HEAD', path: '/healthz', content_type: 'application/json', body: '', headers: { 'x-request-id': 'a' } }));
  accepts(exchange({ method: 'OPTIONS', path: '/healthz', status: 204, content_type: null, body: '', headers: { 'x-request-id': 'a', allow: 'GET, HEAD, OPTIONS', 'access-control-allow-methods': 'GET', 'access-control-allow-headers': 'Content-Type', 'access-control-max-age': '86400' } }));
});

test('a 200 /solve JSON answer without "solution" is refused', () => {
  const { solution, ...rest } = SOLVED;
  refuses(exchange({ body: JSON.stringify(rest) }), /solution/);
});

test('a problem without "type" is refused', () => {
  const { type, ...rest } = PROBLEM;
  refuses(problem(422, rest), /type/);
});

test('a problem with an unknown type or a wrong member type is refused', () => {
  refuses(problem(422, { ...PROBLEM, type: '/problems/teapot' }), /allowed values|enum/);
  refuses(problem(422, { ...PROBLEM, status: '422' }), /integer/);
});

test('a batch item that failed without its detail is refused', () => {
  refuses(exchange({ body: JSON.stringify({ results: [{ index: 0, status: 'no-solution', title: 'No solution', http_status: 422 }], count: 1, solved: 0, failed: 1 }) }), /detail/);
});

test('a member named twice in one object is refused', () => {
  const item = '{"index":1,"status":"invalid-puzzle","title":"Invalid puzzle","http_status":400,"detail":"x","cell":"r1c4","index":3}';
  refuses(exchange({ body: `{"results":[${item}],"count":1,"solved":0,"failed":1}` }), /twice in one object, at \/results\/0\/index/);
  assert.deepEqual(repeatedMembers('{"a":[{"b":1,"c":{"b":2}},{"b":"}","b":[]}],"a~/":0,"a~/":1}'), ['/a/1/b', '/a~0~1']);
  assert.deepEqual(repeatedMembers('[1, "x", {}, []]'), []);
});

test('a request body is checked against the operation\'s schema', () => {
  const rated = { rating: 1.2, er: 1.2, ep: 1.2, ed: 1.2, level: 'easy', hardest: 'hidden-single', solved: true, step_count: 51, counts: { 'hidden-single': 51 } };
  const rate = (status, request, body) => exchange({ path: '/rate', status, request: { content_type: 'application/json', body: JSON.stringify(request) }, ...(status === 200 ? { body: JSON.stringify(rated) } : { content_type: 'application/problem+json', body: JSON.stringify(body) }) });
  const unknown = (name) => ({ ...PROBLEM, type: '/problems/invalid-request', status: 400, detail: `unknown member "${name}"; this endpoint takes puzzle, ...`, path: name });
  accepts(rate(200, { puzzle: '1234341221434321', box: [2, 2] }));
  accepts(rate(400, { puzzle: '1234341221434321', max_solutions: 1 }, unknown('max_solutions')));
  refuses(rate(200, { puzzle: '1234341221434321', max_solutions: 1 }), /took a request body that #\/paths\/~1rate\/post\/requestBody refuses: .*max_solutions/);
  refuses(rate(400, { puzzle: '1234341221434321', box: [2, 2] }, unknown('box')), /refused member "box" as unknown, but .* takes it/);
  // The same refusal as a text line, and a JSON body labelled text/plain.
  refuses(exchange({ path: '/rate', status: 400, content_type: 'text/plain', body: 'error: unknown member "box"; this endpoint takes puzzle\n', headers: { 'x-request-id': 'a' }, request: { content_type: 'text/plain', body: ' {"puzzle":"1234341221434321","box":[2,2]}' } }), /refused member "box"/);
  // A text body is not JSON: not checked.
  accepts(rate(200, { puzzle: '1234341221434321' }));
  accepts(exchange({ path: '/rate', body: JSON.stringify(rated), request: { content_type: 'text/plain', body: '1234341221434321\n' } }));
});

test('an undocumented status is refused', () => {
  refuses(problem(418, { ...PROBLEM, status: 418 }), /418 is not documented/);
  refuses(exchange({ method: 'GET', path: '/healthz', status: 201, body: '{"status":"ok"}' }), /201 is not documented/);
});

test('an undocumented content type is refused', () => {
  refuses(exchange({ content_type: 'text/html', body: '<p>' }), /text\/html is not documented/);
  refuses(exchange({ status: 406, content_type: 'text/plain', body: 'error: x\n' }), /not documented/);
  refuses(exchange({ content_type: null }), /no Content-Type/);
});

test('a body that is not JSON under a JSON type is refused', () => {
  refuses(exchange({ body: '{"solution":' }), /not JSON/);
});

test('a missing required header is refused', () => {
  refuses(exchange({ method: 'GET', path: '/solve', status: 405, content_type: 'application/problem+json', body: JSON.stringify({ ...PROBLEM, status: 405 }), headers: { 'x-request-id': 'a' } }), /Allow is missing/);
  refuses(problem(415, { ...PROBLEM, status: 415 }, { headers: { 'x-request-id': 'a' } }), /Accept-Post is missing/);
  refuses(problem(503, { ...PROBLEM, status: 503 }, { headers: { 'x-request-id': 'a' } }), /Retry-After is missing/);
  refuses(exchange({ headers: { vary: 'Accept' } }), /X-Request-Id is missing/);
  refuses(exchange({ headers: { 'x-request-id': 'a', vary: 'Accept' } }), /Sudoku-Solutions is missing/);
  refuses(exchange({ headers: { 'x-request-id': 'a', vary: 'Accept', 'sudoku-solutions': '1,2' } }), /Sudoku-Solutions/);
  refuses(problem(503, { ...PROBLEM, status: 503 }, { headers: { 'x-request-id': 'a', 'retry-after': 'soon' } }), /Retry-After/);
});

test('answers outside the documented paths and methods are refused', () => {
  refuses(exchange({ path: '/nowhere' }), /not in the spec/);
  refuses(exchange({ method: 'PUT' }), /only 405/);
  refuses(exchange({ method: 'get', status: 405 }), /only 501/);
  refuses(exchange({ method: 'HEAD', path: '/healthz', body: '{"status":"ok"}', headers: { 'x-request-id': 'a' } }), /HEAD answer has a body/);
  refuses(exchange({ method: 'OPTIONS', status: 204, content_type: null, body: 'x', headers: { 'x-request-id': 'a', allow: 'POST', 'access-control-allow-methods': 'POST', 'access-control-allow-headers': 'x', 'access-control-max-age': '1' } }), /no content/);
});

test('text content is checked against a string schema', () => {
  refuses(exchange({ method: 'GET', path: '/healthz', content_type: 'text/plain', body: 'ok' }), /not documented/);
  accepts(exchange({ method: 'GET', path: '/metrics', content_type: 'text/plain; version=0.0.4', body: '# HELP x\n', headers: { 'x-request-id': 'a' } }));
});

test('the unreachable list names documented responses only', () => {
  const documented = v.documented();
  for (const key of UNREACHABLE.keys()) assert.ok(documented.has(key), `${key} is not documented`);
});
