// Trains lib/chat/person-model.ts's weights (`npm run train:person-model`) on the development
// phrasings of bench/person-requests-data.ts, never on the held-out half, and writes
// lib/chat/person-model-weights.json. Deterministic: the same phrasings give the same file.
// `--validate` instead trains without each retired held-out half in turn and prints how the model
// (and the frame's rule with it) does on that half: an estimate on phrasings the model did not see
// (the frame's rule was tuned on those halves, so its column there is flattering).
import { writeFileSync } from 'node:fs';
import { featuresOf, FEATURE_SPACE, PERSON_THRESHOLD, personScore, type PersonModel } from '../lib/chat/person-model';
import { WANTS_PERSON } from '../widget/person-request';
import { ORDINARY_DEV, REQUESTS_DEV, type Phrasing } from '../bench/person-requests-data';
import { ORDINARY_HELD_OUT_2, REQUESTS_HELD_OUT_2 } from '../bench/person-requests-data-second';
import { ORDINARY_HELD_OUT_3, REQUESTS_HELD_OUT_3 } from '../bench/person-requests-held-out-3';
import { ORDINARY_HELD_OUT_4, REQUESTS_HELD_OUT_4 } from '../bench/person-requests-held-out-4';
import { ORDINARY_HELD_OUT_5, REQUESTS_HELD_OUT_5 } from '../bench/person-requests-held-out-5';

const EPOCHS = 60;
const RATE = 1;
const L2 = 1e-5;

/** Logistic regression by stochastic gradient descent, shuffled by a fixed-seed generator. */
function train(requests: Phrasing[], ordinary: Phrasing[]): PersonModel {
  let seed = 1;
  const random = () => (seed = (Math.imul(seed ^ (seed >>> 15), 2246822507) + 0x9e3779b9) >>> 0) / 2 ** 32;
  const rows = [...requests.map((p) => [featuresOf(p.text), 1] as const), ...ordinary.map((p) => [featuresOf(p.text), 0] as const)];
  const w = new Float64Array(FEATURE_SPACE);
  let bias = 0;
  for (let epoch = 0; epoch < EPOCHS; epoch++) {
    for (let i = rows.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [rows[i], rows[j]] = [rows[j]!, rows[i]!];
    }
    const rate = RATE / (1 + epoch * 0.1);
    for (const [features, y] of rows) {
      let z = bias;
      for (const [at, v] of features) z += w[at]! * v;
      const g = 1 / (1 + Math.exp(-z)) - y;
      for (const [at, v] of features) w[at]! -= rate * (g * v + L2 * w[at]!);
      bias -= rate * g;
    }
  }
  const weights: Record<string, number> = {};
  w.forEach((value, at) => {
    if (Math.abs(value) >= 0.01) weights[at] = Number(value.toFixed(3));
  });
  return { bias: Number(bias.toFixed(4)), weights };
}

const without = (all: Phrasing[], part: Phrasing[]) => {
  const out = new Set(part.map((p) => p.text));
  return all.filter((p) => !out.has(p.text));
};
const pct = (n: number, of: number) => `${((100 * n) / of).toFixed(1)} %`;

if (process.argv.includes('--validate')) {
  const halves: [string, Phrasing[], Phrasing[]][] = [
    ['second', REQUESTS_HELD_OUT_2, ORDINARY_HELD_OUT_2],
    ['third', REQUESTS_HELD_OUT_3, ORDINARY_HELD_OUT_3],
    ['fourth', REQUESTS_HELD_OUT_4, ORDINARY_HELD_OUT_4],
    ['fifth', REQUESTS_HELD_OUT_5, ORDINARY_HELD_OUT_5],
  ];
  for (const [name, requests, ordinary] of halves) {
    const model = train(without(REQUESTS_DEV, requests), without(ORDINARY_DEV, ordinary));
    const model_ = (t: string) => personScore(t, model) > PERSON_THRESHOLD;
    const either = (t: string) => WANTS_PERSON.test(t) || model_(t);
    const rec = (f: (t: string) => boolean) => pct(requests.filter((p) => f(p.text)).length, requests.length);
    const fp = (f: (t: string) => boolean) => pct(ordinary.filter((p) => f(p.text)).length, ordinary.length);
    console.log(`${name} half (${requests.length} + ${ordinary.length}): model ${rec(model_)} recognised, ${fp(model_)} mistaken; rule or model ${rec(either)}, ${fp(either)}`);
  }
} else {
  const model = train(REQUESTS_DEV, ORDINARY_DEV);
  const file = new URL('../lib/chat/person-model-weights.json', import.meta.url);
  writeFileSync(file, JSON.stringify(model) + '\n');
  console.log(`${Object.keys(model.weights).length} weights written to lib/chat/person-model-weights.json (${REQUESTS_DEV.length} requests, ${ORDINARY_DEV.length} ordinary)`);
}
