/**
 * Preloaded into a benchmarked server (`node --import ./bench/cpu-profile-hook.mjs`): the first
 * SIGUSR2 starts the V8 CPU profiler, the second stops it and writes the profile to
 * CPU_PROFILE_OUT. So a profile covers exactly one load window, not start-up or warm-up.
 * Plain JavaScript because the server under test runs the built output without tsx.
 */
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';

const out = process.env.CPU_PROFILE_OUT;
if (out) {
  const session = new Session();
  session.connect();
  let running = false;
  process.on('SIGUSR2', () => {
    if (!running) {
      running = true;
      session.post('Profiler.enable', () => session.post('Profiler.start'));
      return;
    }
    running = false;
    session.post('Profiler.stop', (err, result) => {
      writeFileSync(out, err ? JSON.stringify({ error: String(err) }) : JSON.stringify(result.profile));
    });
  });
}
