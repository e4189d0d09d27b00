/** Root of a continuous f with a sign change on [lo, hi], to `tolDays`, by the Illinois variant of regula falsi. */
export function findRoot(f: (t: number) => number, lo: number, hi: number, tolDays: number): number {
  let a = lo;
  let b = hi;
  let fa = f(a);
  let fb = f(b);
  if (fa === 0) return a;
  if (fb === 0) return b;
  let side = 0;
  for (let i = 0; i < 100 && b - a > tolDays; i++) {
    let c = (a * fb - b * fa) / (fb - fa);
    // Keep the step inside the bracket and off its ends, where regula falsi stalls.
    if (!(c > a && c < b)) c = (a + b) / 2;
    const fc = f(c);
    if (fc === 0) return c;
    if (fc > 0 === fb > 0) {
      b = c;
      fb = fc;
      if (side === 1) fa /= 2;
      side = 1;
    } else {
      a = c;
      fa = fc;
      if (side === -1) fb /= 2;
      side = -1;
    }
    // Regula falsi shrinks one side only; a bisection every few steps bounds the bracket too.
    if (i % 4 === 3) {
      const m = (a + b) / 2;
      const fm = f(m);
      if (fm === 0) return m;
      if (fm > 0 === fb > 0) {
        b = m;
        fb = fm;
      } else {
        a = m;
        fa = fm;
      }
    }
  }
  return (a + b) / 2;
}
