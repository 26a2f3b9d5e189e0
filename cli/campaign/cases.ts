// The campaign's cases, built as a reliability tester would: every reader
// of a file fed broken and hostile JSON and encodings; every count, size
// and seed option fed values that are not what it takes; outputs and inputs
// that are devices, directories, links and read-only places; signals,
// concurrent runs, the environment and plugins. Each expects what the
// documentation promises (docs/cli.md, docs/limits.md).
import { chownSync, mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Case } from './case.js';

const GOOD_STIM = '[{"enq_valid": 1, "enq_payload": 17, "deq_ready": 0}, {"deq_ready": 1}]';
const GOOD_MESH = '{"vertices": [[1, 1, 0.5], [6, 1, 0.5], [1, 6, 0.5]], "triangles": [[0, 1, 2]]}';
const GOOD_KNOBS = '{"areaFactor": 1.4, "energyFactor": 1, "delayFactor": 1}';

/** Broken or hostile JSON texts: what each reader must refuse at a line and column. */
const BAD_JSON: readonly (readonly [string, string | Buffer])[] = [
  ['empty', ''],
  ['whitespace-only', ' \n\t\n'],
  ['open-array', '['],
  ['cut-after-colon', '{"a":'],
  ['cut-in-string', '["ab'],
  ['invalid-escape', '[{"enq_valid": "\\q"}]'],
  ['raw-tab-in-key', '[{"enq\tvalid": 1}]'],
  ['raw-newline-in-string', '["a\nb"]'],
  ['bad-unicode-escape', '["\\u12"]'],
  ['duplicate-key', '{"a": 1, "a": 2}'],
  ['proto-key', '{"__proto__": {"x": 1}}'],
  ['two-proto-keys', '{"__proto__": 1, "__proto__": 2}'],
  ['constructor-key', '{"constructor": 1}'],
  ['trailing-comma', '[1, 2,]'],
  ['comment', '// comment\n[]'],
  ['single-quotes', "['a']"],
  ['nan', '[NaN]'],
  ['infinity', '[Infinity]'],
  ['hex-number', '[0x10]'],
  ['leading-zero', '[01]'],
  ['plus-sign', '[+1]'],
  ['beyond-2^53', '[9007199254740993]'],
  ['fraction-lost', '[9007199254740990.9]'],
  ['huge-exponent', '[1e400]'],
  ['trailing-garbage', '[] x'],
  ['two-documents', '[][]'],
  ['utf16', Buffer.from('\ufeff[{"a": 1}]', 'utf16le')],
  ['latin1-byte', Buffer.from([0x5b, 0x22, 0xe9, 0x22, 0x5d])],
  ['nul-byte', Buffer.from([0x5b, 0x00, 0x5d])],
  ['binary', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13])],
  ['deep-unclosed', '['.repeat(200_000)],
  ['deep-closed', '['.repeat(200_000) + ']'.repeat(200_000)],
  ['a-string', '"cycles"'],
  ['a-number', '5'],
  ['null', 'null'],
  ['true', 'true'],
];

/** Readers of user files: the command line (FILE for the file) and the file's name. */
const READERS: readonly { name: string; file: string; args: (file: string) => string[] }[] = [
  { name: 'sim-stimulus', file: 'in.stim.json', args: (f) => ['sim', 'fifo', '--input', f] },
  { name: 'cosim-stimulus', file: 'in.stim.json', args: (f) => ['cosim', 'fifo', '--input', f] },
  { name: 'sim-mesh', file: 'mesh.json', args: (f) => ['sim', 'noblur', '--input', f] },
  { name: 'sweep-knobs', file: 'knobs.json', args: (f) => ['sweep', '--study', 'mac', '--out', 'DIR/s', '--knobs', f] },
  { name: 'price-knobs', file: 'knobs.json', args: (f) => ['price', 'fifo', '--knobs', f] },
  { name: 'study-knobs', file: 'knobs.json', args: (f) => ['study', 'mac', '--out', 'DIR/st', '--knobs', f] },
  { name: 'merge-manifest', file: 'shard/sweep.json', args: () => ['merge', 'DIR/shard', '--out', 'DIR/m'] },
  { name: 'resume-manifest', file: 'shard/sweep.json', args: () => ['sweep', '--study', 'mac', '--out', 'DIR/shard'] },
];

function jsonCases(): Case[] {
  const out: Case[] = [];
  READERS.forEach((r, ri) => {
    BAD_JSON.forEach(([name, text], ti) => {
      const base = r.file.split('/').pop()!.replace(/\./g, '\\.');
      // A file of the wrong type at the top (a string, a number) is a shape error without a column worth checking.
      out.push({
        id: `json/${r.name}/${name}`,
        group: 'file formats and encodings',
        args: r.args(`DIR/${r.file}`),
        files: { [r.file]: text },
        expect: 'refuse',
        says: new RegExp(`${base}(:\\d+:\\d+)?`),
        fast: (ri + ti) % 3 === 0,
      });
    });
  });
  return out;
}

/** Valid JSON of the wrong content, per reader. */
function shapeCases(): Case[] {
  const stim: [string, string, RegExp][] = [
    ['unknown-port', '[{"colour": 1}]', /unknown key "colour"; valid keys: .*enq_valid/],
    ['value-too-wide', '[{"enq_valid": 2}]', /enq_valid.*out of range/],
    ['negative-unsigned', '[{"enq_payload": -1}]', /out of range/],
    ['fraction-int-port', '[{"enq_payload": 1.5}]', /not a value of this port|plain decimal/],
    ['exponent-int-port', '[{"enq_payload": 1e1}]', /plain decimal/],
    ['string-not-number', '[{"enq_payload": "seven"}]', /not a value of this port/],
    ['hex-too-wide', '[{"enq_payload": "0xfffffffff"}]', /does not fit/],
    ['array-value', '[{"enq_payload": [1]}]', /not a value of this port/],
    ['object-value', '[{"enq_payload": {"v": 1}}]', /not a value of this port/],
    ['bool-value', '[{"enq_valid": true}]', /not a value of this port/],
    ['null-value', '[{"enq_valid": null}]', /not a value of this port/],
    ['empty-cycles', '[]', /with 0 entries; expected 1\.\./],
    ['empty-cycles-object', '{"cycles": []}', /with 0 entries; expected 1\.\./],
    ['reset-negative', '{"reset": -1, "cycles": [{}]}', /reset/],
    ['reset-huge', '{"reset": 1000000000000, "cycles": [{}]}', /reset.*0\.\.10000000/],
    ['reset-fraction', '{"reset": 1.5, "cycles": [{}]}', /reset/],
    ['reset-exponent', '{"reset": 1e3, "cycles": [{}]}', /plain decimal/],
    ['reset-string', '{"reset": "3", "cycles": [{}]}', /reset/],
    ['unknown-top-key', '{"cycles": [{}], "cylces": [{}]}', /unknown key "cylces"/],
    ['cycles-not-array', '{"cycles": {}}', /cycles/],
    ['cycle-not-object', '[1]', /a cycle/],
    ['missing-cycles', '{"reset": 2}', /missing key "cycles"/],
  ];
  const mesh: [string, string, RegExp][] = [
    ['unknown-key-colour', '{"vertices": [], "triangles": [], "colour": "red"}', /unknown key "colour"; valid keys: vertices, triangles, close, lens/],
    ['misspelt-lens', '{"vertices": [], "triangles": [], "lense": {"aperture": 1, "focus": 0.5}}', /unknown key "lense"/],
    ['misspelt-close', '{"vertices": [], "triangles": [], "closed": []}', /unknown key "closed"/],
    ['missing-triangles', '{"vertices": []}', /missing key "triangles"/],
    ['vertex-two-entries', '{"vertices": [[1, 1]], "triangles": []}', /exactly 3/],
    ['coord-off-grid', '{"vertices": [[1.3, 1, 0]], "triangles": []}', /1\/256 grid/],
    ['coord-negative', '{"vertices": [[-1, 1, 0]], "triangles": []}', /14\.8 range/],
    ['coord-too-large', '{"vertices": [[16384, 1, 0]], "triangles": []}', /14\.8 range/],
    ['depth-one', '{"vertices": [[1, 1, 1]], "triangles": []}', /outside \[0, 1\)/],
    ['index-out-of-range', '{"vertices": [[1, 1, 0]], "triangles": [[0, 0, 5]]}', /out of range/],
    ['index-fraction', '{"vertices": [[1, 1, 0]], "triangles": [[0, 0, 0.5]]}', /integer vertex index/],
    ['close-wrong-length', '{"vertices": [[1, 1, 0]], "triangles": [], "close": []}', /exactly 1/],
    ['lens-no-focus', '{"vertices": [], "triangles": [], "lens": {"aperture": 1}}', /missing key "focus"/],
    ['lens-aperture-large', '{"vertices": [], "triangles": [], "lens": {"aperture": 300, "focus": 0.5}}', /aperture/],
  ];
  const knobs: [string, string, RegExp][] = [
    ['unknown-knob', '{"areaFactor": 1.4, "energyFactor": 1, "delayFactor": 1, "leakFactor": 2}', /unknown key "leakFactor"; valid keys: areaFactor, energyFactor, delayFactor/],
    ['duplicate-knob', '{"areaFactor": 1.4, "energyFactor": 1, "delayFactor": 1, "delayFactor": 2}', /duplicate key "delayFactor"/],
    ['area-zero', '{"areaFactor": 0, "energyFactor": 1, "delayFactor": 1}', /areaFactor = 0 is outside its range/],
    ['missing-knob', '{"areaFactor": 1.4, "energyFactor": 1}', /missing key "delayFactor"/],
    ['string-knob', '{"areaFactor": "1.4", "energyFactor": 1, "delayFactor": 1}', /areaFactor must be a number/],
    ['old-calibration', '{"format": "gfxrtl-calibration/1", "costTableVersion": 1, "knobs": {"areaFactor": 1.4, "energyFactor": 1, "delayFactor": 1}}', /cost table version 1/],
    ['cross-check', '{"format": "gfxrtl-calibration/2", "role": "cross-check", "knobs": {"areaFactor": 1.4, "energyFactor": 1, "delayFactor": 1}}', /cross-check calibration/],
    ['knobs-not-object', '{"knobs": [1, 1, 1]}', /knobs|version/],
    ['calibration-knob-unknown', '{"format": "gfxrtl-calibration/2", "costTableVersion": 99, "knobs": {"areaFactor": 1, "energyFactor": 1, "delayFactor": 1, "leak": 1}}', /version 99|unknown key "leak"/],
  ];
  const out: Case[] = [];
  const add = (reader: string, args: string[], file: string, list: [string, string, RegExp][], fastEvery: number): void =>
    list.forEach(([name, text, says], i) => out.push({ id: `shape/${reader}/${name}`, group: 'file formats and encodings', args, files: { [file]: text }, expect: 'refuse', says, fast: i % fastEvery === 0 }));
  add('sim-stimulus', ['sim', 'fifo', '--input', 'DIR/in.stim.json'], 'in.stim.json', stim, 1);
  add('cosim-stimulus', ['cosim', 'fifo', '--input', 'DIR/in.stim.json'], 'in.stim.json', stim, 3);
  add('sim-mesh', ['sim', 'noblur', '--input', 'DIR/mesh.json'], 'mesh.json', mesh, 1);
  add('sweep-knobs', ['sweep', '--study', 'mac', '--out', 'DIR/s', '--knobs', 'DIR/knobs.json'], 'knobs.json', knobs, 1);
  add('price-knobs', ['price', 'fifo', '--knobs', 'DIR/knobs.json'], 'knobs.json', knobs, 2);
  return out;
}

/** Values an integer option must refuse, and those it takes (skipped where valid). */
const BAD_INTS: readonly (readonly [string, string])[] = [
  ['empty', ''],
  ['space', ' 7'],
  ['fraction', '1.5'],
  ['exponent', '1e3'],
  ['hex', '0x10'],
  ['negative', '-1'],
  ['huge', '99999999999999999999'],
  ['word', 'abc'],
  ['nan', 'NaN'],
  ['infinity', 'Infinity'],
  ['plus', '+5'],
  ['underscore', '1_000'],
  ['arabic-digit', '\u0663'],
];

/** Integer options: how to pass the value, and which bad values it may take. */
const INT_OPTIONS: readonly { name: string; args: (v: string) => string[]; accepts?: readonly string[] }[] = [
  { name: 'sim-cycles', args: (v) => ['sim', 'fifo', '--cycles', v] },
  { name: 'sim-seed', args: (v) => ['sim', 'fifo', '--seed', v] },
  { name: 'cosim-cycles', args: (v) => ['cosim', 'fifo', '--cycles', v] },
  { name: 'cosim-seed', args: (v) => ['cosim', 'fifo', '--seed', v] },
  { name: 'sweep-seed', args: (v) => ['sweep', '--study', 'mac', '--out', 'DIR/s', '--seed', v], accepts: ['-1'] },
  { name: 'sweep-workers', args: (v) => ['sweep', '--study', 'mac', '--out', 'DIR/s', '--workers', v] },
  { name: 'sweep-stages', args: (v) => ['sweep', '--study', 'mac', '--out', 'DIR/s', '--stages', v] },
  // Entries of a k=v list are trimmed (k=v, k2=v2), so ' 7' is 7 there.
  { name: 'sweep-param-cycles', args: (v) => ['sweep', '--study', 'mac', '--out', 'DIR/s', '--param', `cycles=${v}`], accepts: [' 7'] },
  { name: 'study-param-cycles', args: (v) => ['study', 'mac', '--out', 'DIR/st', '--param', `cycles=${v}`], accepts: [' 7'] },
  { name: 'sim-workload-count', args: (v) => ['sim', 'noblur', '--workload', 'default', '--param', `count=${v}`], accepts: [' 7'] },
  { name: 'workload-count', args: (v) => ['workload', 'raster', '--count', v] },
  { name: 'workload-seed', args: (v) => ['workload', 'raster', '--seed', v, '--count', '1'], accepts: ['-1'] },
  { name: 'samples-msaa', args: (v) => ['samples', '--msaa', v] },
  { name: 'samples-rect', args: (v) => ['samples', '--rect', `${v},0,1,1`] },
  { name: 'price-stages', args: (v) => ['price', 'fifo', '--stages', v] },
];

function intCases(): Case[] {
  const out: Case[] = [];
  INT_OPTIONS.forEach((o, oi) => {
    BAD_INTS.forEach(([name, v], vi) => {
      if (o.accepts?.includes(v)) return;
      // '' for a --param entry is a key without a value; still a refusal.
      out.push({ id: `int/${o.name}/${name}`, group: 'numbers', args: o.args(v), expect: 'refuse', fast: (oi + vi) % 2 === 0 });
    });
  });
  return out;
}

const BAD_FLOATS: readonly (readonly [string, string])[] = [
  ['empty', ''],
  ['word', 'abc'],
  ['nan', 'NaN'],
  ['negative', '-1'],
  ['zero', '0'],
  ['infinity', 'Infinity'],
  ['overflow', '1e999'],
];

const FLOAT_OPTIONS: readonly { name: string; args: (v: string) => string[] }[] = [
  { name: 'price-vdd', args: (v) => ['price', 'fifo', '--vdd', v] },
  { name: 'price-clock', args: (v) => ['price', 'fifo', '--clock', v] },
  { name: 'workload-area', args: (v) => ['workload', 'raster', '--area', v] },
  { name: 'report-rate', args: (v) => ['report', 'DIR', '--rate', v] },
  { name: 'report-limits', args: (v) => ['report', 'DIR', '--limits', `1,${v}`] },
  { name: 'sweep-clocks', args: (v) => ['sweep', '--study', 'mac', '--out', 'DIR/s', '--clocks', v] },
  { name: 'sweep-only-vdd', args: (v) => ['sweep', '--study', 'mac', '--out', 'DIR/s', '--only', `vdd=${v}`] },
];

function floatCases(): Case[] {
  return FLOAT_OPTIONS.flatMap((o, oi) => BAD_FLOATS.map(([name, v], vi): Case => ({ id: `number/${o.name}/${name}`, group: 'numbers', args: o.args(v), expect: 'refuse', fast: (oi + vi) % 2 === 0 })));
}

/** Limits: the documented bound and one past it. */
function limitCases(): Case[] {
  const r = (id: string, args: string[], says: RegExp, fast = true): Case => ({ id: `limit/${id}`, group: 'numbers', args, expect: 'refuse', says, fast });
  return [
    r('sim-cycles-past-max', ['sim', 'fifo', '--cycles', '10000001'], /1\.\.10000000/),
    r('cosim-cycles-past-max', ['cosim', 'fifo', '--cycles', '1000001'], /1\.\.1000000/),
    r('workload-count-3M', ['workload', 'raster', '--count', '3000000'], /--count.*1\.\.2097152/),
    r('workload-count-1e9', ['workload', 'raster', '--count', '1e9'], /--count/),
    r('workload-size-huge', ['workload', 'raster', '--size', '99999999999x99999999999'], /--size/),
    r('workload-size-small', ['workload', 'raster', '--size', '4x4'], /--size.*8\.\.16384/),
    r('workload-size-word', ['workload', 'raster', '--size', 'bigxbig'], /--size/),
    r('samples-rect-huge', ['samples', '--rect', '99999999999999999999,0,1,1'], /--rect X/),
    r('samples-rect-offscreen', ['samples', '--rect', '16380,0,10,1'], /--rect W/),
    r('samples-rect-zero', ['samples', '--rect', '0,0,0,1'], /--rect W/),
    r('samples-too-many', ['samples', '--rect', '0,0,1000,1000'], /over 1000000 samples/),
    r('samples-blur-too-many', ['samples', '--blur', '--rect', '0,0,1000,1000'], /over 1000000 samples/),
    r('sim-param-count-3M', ['sim', 'noblur', '--workload', 'default', '--param', 'count=3000000'], /count=3000000 is not valid.*<= 2097152/),
    r('sim-param-count-hex', ['sim', 'noblur', '--workload', 'default', '--param', 'count=0x10'], /not key=number/),
    r('sweep-param-hex', ['sweep', '--study', 'mac', '--out', 'DIR/s', '--param', 'cycles=0x10'], /not key=number/),
    r('sweep-param-exponent', ['sweep', '--study', 'mac', '--out', 'DIR/s', '--param', 'cycles=1e9'], /not key=number/),
    r('sweep-stages-past-max', ['sweep', '--study', 'mac', '--out', 'DIR/s', '--stages', '65'], /1\.\.64/),
    r('sweep-clock-past-max', ['sweep', '--study', 'mac', '--out', 'DIR/s', '--clocks', '50'], /GHz/),
    r('sweep-workers-many', ['sweep', '--study', 'mac', '--out', 'DIR/s', '--workers', '9999'], /--workers/),
    r('sweep-shard-zero', ['sweep', '--study', 'mac', '--out', 'DIR/s', '--shard', '0/2'], /--shard/),
    r('sweep-shard-huge', ['sweep', '--study', 'mac', '--out', 'DIR/s', '--shard', '1/99999999999999'], /--shard/),
    r('sim-window-huge', ['sim', 'fifo', '--wave', 'DIR/w.vcd', '--window', '0:99999999999999999999'], /--window/),
    r('sim-svg-too-long', ['sim', 'fifo', '--wave', 'DIR/w.svg', '--cycles', '5000'], /too large to draw/),
  ];
}

/** Options that do not apply, unknown names, combinations: refused before any work. */
function optionCases(): Case[] {
  const r = (id: string, args: string[], says: RegExp, fast = true): Case => ({ id: `option/${id}`, group: 'options and combinations', args, expect: 'refuse', says, fast });
  return [
    r('sim-window-without-wave', ['sim', 'fifo', '--window', '0:4'], /--window does not apply/),
    r('sim-signals-without-wave', ['sim', 'fifo', '--signals', '**'], /--signals does not apply/),
    r('sim-cycles-with-input', ['sim', 'fifo', '--input', 'units/fifo/example.stim.json', '--cycles', '4'], /--cycles does not apply/),
    r('cosim-seed-with-input', ['cosim', 'fifo', '--input', 'units/fifo/example.stim.json', '--seed', '3'], /--seed does not apply/),
    r('sim-workload-without-study', ['sim', 'fifo', '--workload', 'x'], /needs a unit with a study/),
    r('sim-unknown-workload', ['sim', 'noblur', '--workload', 'nope'], /unknown workload "nope"/),
    r('sim-unknown-param', ['sim', 'noblur', '--workload', 'default', '--param', 'nokey=1'], /unknown parameter "nokey"/),
    r('sim-param-with-input-mesh', ['sim', 'noblur', '--input', 'DIR/mesh.json', '--param', 'count=4'], /--param does not apply/),
    r('sim-wave-bmp', ['sim', 'fifo', '--wave', 'DIR/w.bmp'], /waveform format/),
    r('sim-window-reversed', ['sim', 'fifo', '--wave', 'DIR/w.vcd', '--window', '9:2'], /greater/),
    r('sim-signals-nomatch', ['sim', 'fifo', '--wave', 'DIR/w.vcd', '--signals', 'Nope.*'], /--signals/),
    r('sim-signals-bad-regex', ['sim', 'fifo', '--wave', 'DIR/w.vcd', '--signals', '/[/'], /regular expression/),
    r('unknown-unit', ['sim', 'nosuch'], /unknown unit "nosuch"; units: /),
    r('unknown-study', ['sweep', '--study', 'nosuch', '--out', 'DIR/s'], /unknown study "nosuch"/),
    r('unknown-option', ['sim', 'fifo', '--bogus', '1'], /unknown option '--bogus'/),
    r('unknown-command', ['simulate', 'fifo'], /unknown command/),
    r('missing-argument', ['sim'], /missing required argument/),
    r('missing-out', ['sweep'], /--out/),
    r('config-unknown-key', ['sim', 'fifo', '--config', 'nokey=1'], /unknown config key "nokey"; valid keys/),
    r('config-twice', ['sim', 'fifo', '--config', 'width=8,width=9'], /given twice/),
    r('config-bad-value', ['verilog', 'fifo', '--config', 'depth=3', '-o', 'DIR/rtl'], /depth=3 is not valid; allowed/),
    r('config-hex', ['inventory', 'fifo', '--config', 'width=0x8'], /width=0x8 is not valid/),
    r('config-exponent', ['price', 'fifo', '--config', 'width=8e0'], /width=8e0 is not valid/),
    r('config-not-pair', ['sim', 'fifo', '--config', 'width'], /not key=value/),
    r('samples-blur-msaa', ['samples', '--blur', '--msaa', '4'], /--msaa does not apply with --blur/),
    r('calibrate-no-yosys-all-units', ['calibrate', '--out', 'DIR/c', '--no-yosys', '--all-units'], /--all-units does not apply with --no-yosys/),
    r('calibrate-sweep-no-sweep', ['calibrate', '--out', 'DIR/c', '--sweep', 'DIR/none'], /holds no sweep/),
    r('study-name-and-all', ['study', 'mac', '--all', '--out', 'DIR/st'], /not both/),
    r('study-all-only', ['study', '--all', '--only', 'x=1', '--out', 'DIR/st'], /do not apply with --all/),
    r('study-unknown-param', ['study', 'mac', '--param', 'count=64', '--out', 'DIR/st'], /unknown parameter "count"/),
    r('study-param-too-big', ['study', 'mac', '--param', 'cycles=99999999', '--out', 'DIR/st'], /cycles=99999999 is not valid/),
    r('study-bad-activity', ['study', 'mac', '--activity', 'half', '--out', 'DIR/st'], /--activity half/),
    r('study-only-unknown', ['study', 'mac', '--only', 'nokey=1', '--out', 'DIR/st'], /unknown key "nokey"/),
    r('sweep-clocks-with-list', ['sweep', '--study', 'mac', '--out', 'DIR/s', '--stages', '1,2', '--clocks', '1'], /--clocks applies to --stages auto only/),
    r('sweep-activity', ['sweep', '--study', 'mac', '--out', 'DIR/s', '--activity', 'half'], /activity=half/),
    r('sweep-arith', ['sweep', '--study', 'mac', '--out', 'DIR/s', '--arith', 'quick'], /arith=quick/),
    r('sweep-only-bad-value', ['sweep', '--study', 'mac', '--out', 'DIR/s', '--only', 'vt=ultra'], /vt=ultra/),
    r('sweep-only-twice', ['sweep', '--study', 'mac', '--out', 'DIR/s', '--only', 'vt=low,vt=high'], /twice/),
    r('sweep-param-twice', ['sweep', '--study', 'mac', '--out', 'DIR/s', '--param', 'cycles=1,cycles=2'], /twice/),
    r('sweep-unknown-workload', ['sweep', '--study', 'mac', '--out', 'DIR/s', '--workload', 'nope'], /unknown workload/),
    r('price-vt', ['price', 'fifo', '--vt', 'ultra'], /--vt ultra/),
    r('price-arith', ['price', 'fifo', '--arith', 'quick'], /--arith quick/),
    r('price-stages-too-deep', ['price', 'fifo', '--stages', '500'], /--stages 500/),
    r('report-no-sweep', ['report', 'DIR/none'], /no such|not a sweep|sweep\.json/),
    r('merge-not-sweep', ['merge', 'DIR/none', '--out', 'DIR/m'], /not a sweep directory/),
    r('workload-unknown-kind', ['workload', 'mesh'], /unknown kind "mesh"/),
    r('workload-unknown-surface', ['workload', 'raster', '--surface', 'cube'], /unknown surface "cube"/),
    r('workload-area-too-big', ['workload', 'raster', '--area', '65'], /--area/),
    r('units-extra-argument', ['units', 'extra'], /too many arguments|unknown/),
  ];
}

/** Outputs and inputs that are devices, directories, links, read-only places. */
function pathCases(): Case[] {
  const c = (x: Omit<Case, 'group'>): Case => ({ group: 'paths and special files', ...x });
  return [
    c({ id: 'path/output-dev-full', args: ['sim', 'fifo', '--output', '/dev/full'], expect: 'ioerr', says: /cannot write \/dev\/full: no space left/, fast: true }),
    c({ id: 'path/wave-symlink-dev-full', args: ['sim', 'fifo', '--wave', 'DIR/w.vcd'], setup: (d) => symlinkSync('/dev/full', join(d, 'w.vcd')), expect: 'ioerr', says: /no space left/, fast: true }),
    c({ id: 'path/workload-output-dev-full', args: ['workload', 'raster', '--count', '16', '-o', '/dev/full'], expect: 'ioerr', says: /cannot write \/dev\/full/, fast: true }),
    c({ id: 'path/output-sys', args: ['sim', 'fifo', '--output', '/sys/out.jsonl'], expect: 'ioerr', says: /\/sys/, fast: true }),
    c({ id: 'path/verilog-out-sys', args: ['verilog', 'fifo', '-o', '/sys/rtl'], expect: 'ioerr', says: /\/sys/, fast: true }),
    c({ id: 'path/sweep-out-sys', args: ['sweep', '--study', 'mac', '--out', '/sys/sweep'], expect: 'ioerr', says: /\/sys/, fast: true }),
    c({ id: 'path/output-is-dir', args: ['sim', 'fifo', '--output', 'DIR/d'], setup: (d) => mkdirSync(join(d, 'd')), expect: 'refuse', says: /is a directory/, fast: true }),
    c({ id: 'path/output-under-file', args: ['sim', 'fifo', '--output', 'DIR/f/x.jsonl'], files: { f: 'x' }, expect: 'refuse', says: /not a directory/, fast: true }),
    c({ id: 'path/output-dangling-link', args: ['sim', 'fifo', '--output', 'DIR/l.jsonl'], setup: (d) => symlinkSync(join(d, 'nowhere', 'x'), join(d, 'l.jsonl')), expect: 'refuse', says: /dangling/, fast: true }),
    c({ id: 'path/output-empty-name', args: ['sim', 'fifo', '--output', ''], expect: 'refuse', says: /empty file name/, fast: true }),
    c({ id: 'path/verilog-out-is-file', args: ['verilog', 'fifo', '-o', 'DIR/f'], files: { f: 'x' }, expect: 'refuse', says: /not a directory/, fast: true }),
    c({ id: 'path/sweep-out-is-file', args: ['sweep', '--study', 'mac', '--out', 'DIR/f'], files: { f: 'x' }, expect: 'refuse', says: /not a directory/, fast: true }),
    c({ id: 'path/old-output-kept-on-refusal', args: ['sim', 'fifo', '--output', 'DIR/o.jsonl', '--config', 'depth=3'], files: { 'o.jsonl': 'precious\n' }, expect: 'refuse', says: /depth=3/, fast: true }),
    c({ id: 'path/old-output-kept-on-bad-input', args: ['sim', 'fifo', '--input', 'DIR/in.stim.json', '--output', 'DIR/o.jsonl'], files: { 'o.jsonl': 'precious\n', 'in.stim.json': '[{"enq_valid": 5}]' }, expect: 'refuse', says: /in\.stim\.json:1:\d+/, fast: true }),
    c({ id: 'path/output-replaced-whole', args: ['sim', 'fifo', '--output', 'DIR/o.jsonl', '--cycles', '3'], files: { 'o.jsonl': 'old\n' }, expect: 'ok', writes: ['o.jsonl'], says: /3 cycles simulated/, fast: true }),
    c({ id: 'path/output-through-symlink', args: ['sim', 'fifo', '--output', 'DIR/l.jsonl', '--cycles', '2'], files: { 'target.jsonl': 'old\n' }, setup: (d) => symlinkSync(join(d, 'target.jsonl'), join(d, 'l.jsonl')), expect: 'ok', writes: ['target.jsonl'], says: /2 cycles/, fast: true }),
    c({ id: 'path/output-dev-null', args: ['sim', 'fifo', '--output', '/dev/null'], expect: 'ok', says: /cycles simulated/, fast: true }),
    c({ id: 'path/output-new-folder', args: ['sim', 'fifo', '--output', 'DIR/new/sub/o.jsonl'], expect: 'ok', writes: ['new'], fast: true }),
    c({ id: 'path/output-unicode-name', args: ['sim', 'fifo', '--output', 'DIR/sortie-été.jsonl'], expect: 'ok', writes: ['sortie-été.jsonl'], fast: true }),
    c({ id: 'path/input-dev-zero', args: ['sim', 'fifo', '--input', '/dev/zero'], expect: 'refuse', says: /\/dev\/zero/ }),
    c({ id: 'path/input-dev-null', args: ['sim', 'fifo', '--input', '/dev/null'], expect: 'refuse', says: /\/dev\/null/, fast: true }),
    c({ id: 'path/input-directory', args: ['sim', 'fifo', '--input', 'DIR/d.json'], setup: (d) => mkdirSync(join(d, 'd.json')), expect: 'refuse', says: /is a directory/, fast: true }),
    c({ id: 'path/input-missing', args: ['sim', 'fifo', '--input', 'DIR/none.stim.json'], expect: 'refuse', says: /none\.stim\.json: no such file/, fast: true }),
    c({ id: 'path/input-newline-name', args: ['sim', 'fifo', '--input', 'DIR/no\nsuch.stim.json'], expect: 'refuse', says: /no\\nsuch\.stim\.json.*no such file/, fast: true }),
    c({ id: 'path/input-not-json-ext', args: ['sim', 'fifo', '--input', 'DIR/in.txt'], files: { 'in.txt': GOOD_STIM }, expect: 'refuse', says: /not a stimulus file/, fast: true }),
    c({ id: 'path/input-bom-ok', args: ['sim', 'fifo', '--input', 'DIR/in.stim.json'], files: { 'in.stim.json': `\ufeff${GOOD_STIM}` }, expect: 'ok', says: /2 cycles simulated/, fast: true }),
    c({ id: 'path/input-mesh-ok', args: ['sim', 'noblur', '--input', 'DIR/mesh.json'], files: { 'mesh.json': GOOD_MESH }, expect: 'ok', says: /MPs per cycle|cycles/, fast: true }),
    c({ id: 'path/knobs-directory', args: ['price', 'fifo', '--knobs', 'DIR'], expect: 'refuse', says: /is a directory/, fast: true }),
    c({ id: 'path/knobs-ok', args: ['price', 'fifo', '--knobs', 'DIR/knobs.json'], files: { 'knobs.json': GOOD_KNOBS }, expect: 'ok', says: /knobs: area x1\.400/, fast: true }),
    c({ id: 'path/stdout-dev-full', args: ['units'], spawn: true, stdout: 'full', expect: 'ioerr', says: /standard output.*no space left/ }),
    c({ id: 'path/stdout-closed-pipe', args: ['sim', 'fifo', '--cycles', '200000'], spawn: true, stdout: 'closed', expect: 'ioerr', says: /standard output.*closed the pipe/ }),
  ];
}

/** Damaged sweep folders: cut by a full disk or a kill, edited by hand. */
function sweepFolderCases(): Case[] {
  const c = (x: Omit<Case, 'group'>): Case => ({ group: 'damaged sweep folders', ...x });
  return [
    c({ id: 'sweep/locked-by-live-process', args: ['merge', 'DIR/shard', '--out', 'DIR/m'], setup: (d) => (mkdirSync(join(d, 'shard')), writeFileSync(join(d, 'shard', '.lock'), `${process.pid} ${'-'}`)), expect: 'refuse', says: /still being written by sweep process/, fast: true }),
    c({ id: 'sweep/merge-into-sweep', args: ['merge', 'DIR/a', '--out', 'DIR/a'], setup: (d) => (mkdirSync(join(d, 'a')), writeFileSync(join(d, 'a', 'sweep.json'), '{}')), expect: 'refuse', fast: true }),
    c({ id: 'sweep/merge-no-inputs-exist', args: ['merge', 'DIR/x', 'DIR/y', '--out', 'DIR/m'], expect: 'refuse', says: /not a sweep directory/, fast: true }),
  ];
}

/** The environment: variables read at start-up, foreign caches, Slurm. */
function environmentCases(): Case[] {
  const c = (x: Omit<Case, 'group'>): Case => ({ group: 'environment', spawn: true, ...x });
  return [
    c({ id: 'env/plugins-missing-file', args: ['units'], env: { GFXRTL_PLUGINS: 'DIR/none.mts' }, expect: 'refuse', says: /GFXRTL_PLUGINS: plugin .*none\.mts not found/ }),
    c({ id: 'env/plugin-timeout-bad', args: ['units'], env: { GFXRTL_PLUGINS: 'DIR/p.mts', GFXRTL_PLUGIN_TIMEOUT: 'soon' }, files: { 'p.mts': 'export {};\n' }, expect: 'refuse', says: /GFXRTL_PLUGIN_TIMEOUT=soon/ }),
    c({ id: 'env/yosys-cache-is-file', args: ['calibrate', '--study', 'mac', '--out', 'DIR/c'], env: { GFXRTL_YOSYS_CACHE: 'DIR/f' }, files: { f: 'x' }, expect: 'refuse', says: /GFXRTL_YOSYS_CACHE .*not a directory/ }),
    c({ id: 'env/slurm-id-without-count', args: ['sweep', '--study', 'mac', '--out', 'DIR/s'], env: { SLURM_ARRAY_TASK_ID: '3' }, expect: 'refuse', says: /SLURM_ARRAY_TASK_COUNT/ }),
    c({ id: 'env/slurm-id-outside', args: ['sweep', '--study', 'mac', '--out', 'DIR/s'], env: { SLURM_ARRAY_TASK_ID: '9', SLURM_ARRAY_TASK_COUNT: '4' }, expect: 'refuse', says: /SLURM_ARRAY_TASK_ID=9/ }),
    c({ id: 'env/slurm-id-hex', args: ['sweep', '--study', 'mac', '--out', 'DIR/s'], env: { SLURM_ARRAY_TASK_ID: '0x1', SLURM_ARRAY_TASK_COUNT: '4' }, expect: 'refuse', says: /SLURM_ARRAY_TASK_ID=0x1/ }),
    c({
      id: 'env/foreign-cycle-reuse-folder',
      args: ['sim', 'nosuch'],
      env: { TMPDIR: 'DIR/tmp' },
      setup: (d) => {
        const root = join(d, 'tmp', `gfxrtl-cycle-reuse-${process.getuid?.() ?? 0}`);
        mkdirSync(join(root, '1-1-dead'), { recursive: true });
        writeFileSync(join(root, '1-1-dead', 'x.json'), '{}');
        chownSync(join(root, '1-1-dead'), 65534, 65534);
      },
      expect: 'refuse',
      says: /unknown unit "nosuch"/,
      writes: ['tmp'],
    }),
    c({
      id: 'env/cycle-reuse-root-is-file',
      args: ['sim', 'fifo', '--cycles', '2'],
      env: { TMPDIR: 'DIR/tmp' },
      setup: (d) => (mkdirSync(join(d, 'tmp')), writeFileSync(join(d, 'tmp', `gfxrtl-cycle-reuse-${process.getuid?.() ?? 0}`), 'x')),
      expect: 'ok',
      says: /2 cycles simulated/,
      writes: ['tmp'],
    }),
  ];
}

/** Plugins with mistakes of their authors'. */
function pluginCases(root: string): Case[] {
  const imp = (p: string): string => `import * as m${p.replace(/\W/g, '')} from '${join(root, p)}';`;
  const head = `${imp('hdl/index.js')}\nimport { elaborate } from '${join(root, 'hdl/elaborate.js')}';\nimport { register } from '${join(root, 'studies/registry.js')}';\nconst { defineModule, mux, uint } = mhdlindexjs;\n`;
  const unit = (name: string, width: string): string =>
    `${head}const M = defineModule('M', (m, cfg) => { const a = m.input('a', uint(${width})); const b = m.input('b', uint(cfg.width)); const y = m.output('y', uint(cfg.width)); y.drive(mux(a.lt(b), b, a)); return { a, b, y }; });\nregister({ unit: { name: '${name}', summary: 's', schema: { width: { kind: 'int', min: 1, max: 64, default: 8, doc: 'bits' } }, elaborate: (c) => elaborate(M, c) } });\n`;
  const c = (id: string, file: string, text: string, args: string[], says: RegExp, expect: Case['expect'] = 'refuse', env: Record<string, string> = {}): Case => ({
    id: `plugin/${id}`,
    group: 'plugins',
    spawn: true,
    args,
    files: { [file]: text },
    env: { GFXRTL_PLUGINS: `DIR/${file}`, ...env },
    expect,
    says,
  });
  return [
    c('good-unit', 'p.mts', unit('max2', 'cfg.width'), ['sim', 'max2', '--cycles', '20'], /20 cycles simulated/, 'ok'),
    c('syntax-error', 'p.mts', 'export const x = ;\n', ['units'], /p\.mts does not load: .*(Transform failed|Unexpected|Expected)/),
    c('throws-at-load', 'p.mts', "throw new globalThis.Error('plugin refuses to load');\n", ['units'], /p\.mts does not load: plugin refuses to load/),
    c('never-settles', 'p.mts', 'await new Promise(() => {});\n', ['units'], /p\.mts did not finish loading within 2 s/, 'refuse', { GFXRTL_PLUGIN_TIMEOUT: '2' }),
    c('commonjs-ts', 'p.ts', unit('max2', 'cfg.width'), ['units'], /would load as CommonJS.*\.mts/),
    c('non-integer-width', 'p.mts', unit('max3', 'cfg.width / 3'), ['sim', 'max3'], /unit max3 \(plugin .*p\.mts\).*width 2\.66.*mistake in the unit's definition/),
    c('non-integer-width-units', 'p.mts', unit('max3', 'cfg.width / 3'), ['units'], /unit max3 \(plugin .*p\.mts\)/),
    c('duplicate-unit', 'p.mts', unit('fifo', 'cfg.width'), ['units'], /unit fifo is already registered/),
    c('bad-unit-name', 'p.mts', unit('Max_2', 'cfg.width'), ['units'], /unit name "Max_2"/),
    c('bad-schema', 'p.mts', `${head}register({ unit: { name: 'bad', summary: 's', schema: { width: { kind: 'int', min: 4, max: 2, default: 8, doc: 'x' } }, elaborate: () => { throw new globalThis.Error('x'); } } });\n`, ['units'], /config key width/),
    c('empty-plugin', 'p.mts', 'export {};\n', ['units'], /checks: \d+ units/, 'ok'),
  ];
}

/** Signals and concurrent runs (spawned; a mac sweep takes seconds). */
function processCases(): Case[] {
  const c = (x: Omit<Case, 'group'>): Case => ({ group: 'signals and concurrency', spawn: true, ...x });
  return [
    c({ id: 'signal/sweep-sigint-resumes', args: ['sweep', '--study', 'mac', '--out', 'DIR/s', '--workers', '0', '--quiet'], signal: { name: 'SIGINT', after: 500, when: 's/points.jsonl' }, expect: 'interrupted', writes: ['s'], then: ['sweep', '--study', 'mac', '--out', 'DIR/s', '--workers', '0', '--quiet'], timeoutMs: 240_000 }),
    c({ id: 'signal/sweep-sigterm-resumes', args: ['sweep', '--study', 'mac', '--out', 'DIR/s', '--workers', '0', '--quiet'], signal: { name: 'SIGTERM', after: 500, when: 's/points.jsonl' }, expect: 'interrupted', writes: ['s'], then: ['sweep', '--study', 'mac', '--out', 'DIR/s', '--workers', '0', '--quiet'], timeoutMs: 240_000 }),
    c({ id: 'lock/stale-lock-taken-over', args: ['sweep', '--study', 'mac', '--out', 'DIR/s', '--workers', '0', '--quiet', '--only', 'intBits=4'], setup: (d) => (mkdirSync(join(d, 's')), writeFileSync(join(d, 's', '.lock'), '2147483646 1')), expect: 'ok', writes: ['s'], timeoutMs: 240_000 }),
    c({ id: 'lock/reused-pid-taken-over', args: ['sweep', '--study', 'mac', '--out', 'DIR/s', '--workers', '0', '--quiet', '--only', 'intBits=4'], setup: (d) => (mkdirSync(join(d, 's')), writeFileSync(join(d, 's', '.lock'), '1 99999999999')), expect: 'ok', writes: ['s'], timeoutMs: 240_000 }),
    c({ id: 'lock/live-lock-refused', args: ['sweep', '--study', 'mac', '--out', 'DIR/s', '--workers', '0', '--quiet'], setup: (d) => (mkdirSync(join(d, 's')), writeFileSync(join(d, 's', '.lock'), `${process.pid} -`)), expect: 'refuse', says: /in use by process/ }),
  ];
}

export function allCases(root: string): Case[] {
  return [...jsonCases(), ...shapeCases(), ...intCases(), ...floatCases(), ...limitCases(), ...optionCases(), ...pathCases(), ...sweepFolderCases(), ...environmentCases(), ...pluginCases(root), ...processCases()];
}
