// Times rot.js's Digger on a 100 x 100 map: `new ROT.Map.Digger(100, 100)
// .create(cb)`, the callback storing every cell in a grid (as evoboard
// returns one). Prints one JSON object: the median and every run in ms.
//
//   node digger.mjs [--runs N] [--warmup W] [--seed S] [--size SIDE]
//
// Defaults: 11 runs after 5 warm-up runs, seed 1, side 100.
import * as ROT from "rot-js";

const args = process.argv.slice(2);
const arg = (name, dflt) => {
  const i = args.indexOf(name);
  return i >= 0 ? Number(args[i + 1]) : dflt;
};
const runs = arg("--runs", 11);
const warmup = arg("--warmup", 5);
const seed = arg("--seed", 1);
const side = arg("--size", 100);

const grid = new Uint8Array(side * side);
const dig = () => {
  const map = new ROT.Map.Digger(side, side);
  map.create((x, y, value) => {
    grid[y * side + x] = value;
  });
  return map.getRooms().length;
};

ROT.RNG.setSeed(seed);
for (let i = 0; i < warmup; i++) dig();
const times = [];
const cpu = [];
let rooms = 0;
for (let i = 0; i < runs; i++) {
  const c0 = process.cpuUsage();
  const t0 = process.hrtime.bigint();
  rooms = dig();
  const t1 = process.hrtime.bigint();
  const c1 = process.cpuUsage(c0);
  times.push(Number(t1 - t0) / 1e6);
  cpu.push((c1.user + c1.system) / 1e3);
}
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
console.log(
  JSON.stringify({
    median_ms: median(times),
    cpu_median_ms: median(cpu),
    runs: times,
    rooms,
    side,
    seed,
    warmup,
  }),
);
