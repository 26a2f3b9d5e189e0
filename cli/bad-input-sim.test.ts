// Bad input to the unit commands (sim, cosim, verilog, inventory), run as a
// user runs them: each mistake is one 'gfxrtl:' line naming what was wrong
// and what is valid, exit code 2, before any work, and nothing written.
import { mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { checkBadCases, scratchDir } from './spawn-cli.js';

const DIR = scratchDir();
afterAll(() => rmSync(DIR, { recursive: true, force: true }));
writeFileSync(join(DIR, 'dup.stim.json'), '[{"clear": 0, "clear": 1}]');
writeFileSync(join(DIR, 'big.stim.json'), '[{"a": 9007199254740993}]');
writeFileSync(join(DIR, 'grid.stim.json'), '[{"a": 0.3}]');
writeFileSync(join(DIR, 'neg.stim.json'), '[{"a": -9}]');
writeFileSync(join(DIR, 'broken.stim.json'), '[{"a": 1,]');
writeFileSync(join(DIR, 'a-file'), 'x');
mkdirSync(join(DIR, 'a-dir'));
symlinkSync(join(DIR, 'nowhere'), join(DIR, 'dangling.jsonl'));

it('sim: bad values, combinations, inputs and outputs are one line, exit 2, nothing written', async () => {
  const problems = await checkBadCases(
    [
      { args: ['sim', 'fifo', '--cycles', 'abc'], spawn: true, says: /--cycles "abc" .*integer in 1\.\./ },
      { args: ['sim', 'fifo', '--cycles', '-5'], says: /--cycles "-5" .*integer/ },
      { args: ['sim', 'fifo', '--cycles', ''], says: /--cycles "" .*integer/ },
      { args: ['sim', 'fifo', '--cycles', '1.5'], says: /--cycles "1\.5" .*integer/ },
      { args: ['sim', 'fifo', '--cycles', '99999999999'], says: /--cycles .*1\.\.10000000/ },
      { args: ['sim', 'fifo', '--seed', '1e3'], says: /--seed "1e3"/ },
      { args: ['sim', 'fifo', '--window', '0:9'], says: /--window does not apply.*--wave/ },
      { args: ['sim', 'fifo', '--signals', '**'], says: /--signals does not apply.*--wave/ },
      { args: ['sim', 'fifo', '--wave', 'DIR/w.svg', '--window', '9:2'], says: /--window 9:2.*greater/ },
      { args: ['sim', 'fifo', '--wave', 'DIR/w.bmp'], says: /waveform format.*\.vcd/ },
      { args: ['sim', 'fifo', '--wave', 'DIR/w.svg', '--cycles', '5000'], says: /too large to draw.*\.vcd/ },
      { args: ['sim', 'fifo', '--wave', 'DIR/w.vcd', '--signals', 'Nope.*'], says: /--signals/ },
      { args: ['sim', 'fifo', '--config', 'width=8,width=9'], says: /"width" given twice/ },
      { args: ['sim', 'fifo', '--config', 'width=abc'], says: /width=abc.*allowed/ },
      { args: ['sim', 'nounit'], says: /unknown unit "nounit"; units: .*fifo/ },
      { args: ['sim', 'fifo', '--bogus', '1'], spawn: true, says: /unknown option '--bogus'/ },
      { args: ['sim', 'fifo', '--input', 'DIR/missing.stim.json'], says: /missing\.stim\.json: no such file/ },
      { args: ['sim', 'fifo', '--input', 'DIR/dup.stim.json'], spawn: true, says: /dup\.stim\.json:1:\d+ .*duplicate key "clear"/ },
      { args: ['sim', 'mac', '--input', 'DIR/big.stim.json'], says: /beyond 2\^53.*decimal string/ },
      { args: ['sim', 'mac', '--input', 'DIR/grid.stim.json'], says: /value 0\.3 .*steps of 2\^-8/ },
      { args: ['sim', 'mac', '--input', 'DIR/neg.stim.json'], says: /value -9 is out of range.*-8\.\./ },
      { args: ['sim', 'mac', '--input', 'DIR/broken.stim.json'], says: /broken\.stim\.json:1:\d+/ },
      { args: ['sim', 'fifo', '--input', 'DIR/dup.stim.json', '--cycles', '4'], says: /--cycles does not apply.*without --input/ },
      { args: ['sim', 'fifo', '--output', 'DIR/a-file/x.jsonl'], spawn: true, says: /a-file.*not a directory/ },
      { args: ['sim', 'fifo', '--output', 'DIR/a-dir'], says: /a-dir: is a directory/ },
      { args: ['sim', 'fifo', '--output', 'DIR/dangling.jsonl'], says: /dangling symbolic link/ },
      { args: ['sim', 'fifo', '--workload', 'x'], says: /--workload needs a unit with a study/ },
    ],
    DIR,
  );
  expect(problems).toEqual([]);
});

it('cosim, verilog, inventory: same rules', async () => {
  const problems = await checkBadCases(
    [
      { args: ['cosim', 'fifo', '--cycles', '0'], spawn: true, says: /--cycles "0" .*integer in 1\.\./ },
      { args: ['cosim', 'fifo', '--input', 'DIR/dup.stim.json', '--seed', '3'], says: /--seed does not apply/ },
      { args: ['cosim', 'fifo', '--input', 'DIR/missing.stim.json'], says: /no such file/ },
      { args: ['verilog', 'fifo', '--out', 'DIR/a-file'], says: /--out .*not a directory/ },
      { args: ['verilog', 'fifo', '--config', 'depth=3'], says: /depth=3 .*allowed/ },
      { args: ['inventory', 'fifo', '--config', 'nokey=1'], says: /unknown config key "nokey"; valid keys/ },
    ],
    DIR,
  );
  expect(problems).toEqual([]);
});
