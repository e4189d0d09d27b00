/**
 * Glyph outlines of a CFF font (the `CFF ` table of an OpenType face such as the Chart Han subset),
 * as SVG path data: the Type 2 charstring of each glyph run with its subroutines, per Adobe's
 * Technical Notes #5176 (the Compact Font Format) and #5177 (Type 2 charstrings). Name-keyed and
 * CID-keyed fonts (FDArray, FDSelect formats 0 and 3) are read; hints are skipped, since outlines are
 * all a picture needs. The path is in font units with y pointing down (SVG's direction), cubic.
 */

interface Index {
  count: number;
  /** Byte range of item `i` in the buffer. */
  item(i: number): [number, number];
  /** Offset just past the INDEX. */
  end: number;
}

function readIndex(b: Buffer, at: number): Index {
  const count = b.readUInt16BE(at);
  if (count === 0) return { count, item: () => [at + 2, at + 2], end: at + 2 };
  const offSize = b.readUInt8(at + 2);
  const offset = (i: number) => b.readUIntBE(at + 3 + i * offSize, offSize);
  const data = at + 3 + (count + 1) * offSize - 1;
  return { count, item: (i) => [data + offset(i), data + offset(i + 1)], end: data + offset(count) };
}

/** A DICT as operator (12 x as 1200 + x) -> operands. */
function readDict(b: Buffer, start: number, end: number): Map<number, number[]> {
  const out = new Map<number, number[]>();
  let operands: number[] = [];
  let p = start;
  while (p < end) {
    const b0 = b.readUInt8(p++);
    if (b0 <= 21) {
      const op = b0 === 12 ? 1200 + b.readUInt8(p++) : b0;
      out.set(op, operands);
      operands = [];
    } else if (b0 === 28) {
      operands.push(b.readInt16BE(p));
      p += 2;
    } else if (b0 === 29) {
      operands.push(b.readInt32BE(p));
      p += 4;
    } else if (b0 === 30) {
      // A real number in nibbles; only its presence matters for the operators read here.
      const NIBBLES = ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9', '.', 'E', 'E-', '', '-'];
      let text = '';
      for (let done = false; !done; p++) {
        for (const nibble of [b.readUInt8(p) >> 4, b.readUInt8(p) & 15]) {
          if (nibble === 15) done = true;
          else if (!done) text += NIBBLES[nibble];
        }
      }
      operands.push(Number.parseFloat(text) || 0);
    } else if (b0 >= 32 && b0 <= 246) operands.push(b0 - 139);
    else if (b0 >= 247 && b0 <= 250) operands.push((b0 - 247) * 256 + b.readUInt8(p++) + 108);
    else if (b0 >= 251 && b0 <= 254) operands.push(-(b0 - 251) * 256 - b.readUInt8(p++) - 108);
  }
  return out;
}

const CHARSTRINGS = 17;
const PRIVATE = 18;
const SUBRS = 19;
const FD_ARRAY = 1236;
const FD_SELECT = 1237;

/** Subroutine number bias (TN 5176, 16). */
const bias = (count: number) => (count < 1240 ? 107 : count < 33900 ? 1131 : 32768);

interface Subrs {
  index: Index;
  bias: number;
}

function localSubrs(b: Buffer, cff: number, dict: Map<number, number[]>): Subrs {
  const [size, offset] = dict.get(PRIVATE) ?? [0, 0];
  const priv = readDict(b, cff + (offset as number), cff + (offset as number) + (size as number));
  const subrs = priv.get(SUBRS);
  const index =
    subrs === undefined
      ? { count: 0, item: (): [number, number] => [0, 0], end: 0 }
      : readIndex(b, cff + (offset as number) + (subrs[0] as number));
  return { index, bias: bias(index.count) };
}

/** The font dictionary of each glyph (CID-keyed fonts), by FDSelect format 0 or 3. */
function fdSelect(b: Buffer, at: number, glyphs: number): (glyph: number) => number {
  const format = b.readUInt8(at);
  if (format === 0) return (g) => b.readUInt8(at + 1 + g);
  if (format !== 3) throw new Error(`FDSelect format ${format} is not read`);
  const ranges = b.readUInt16BE(at + 1);
  const fds = new Uint8Array(glyphs);
  for (let r = 0; r < ranges; r++) {
    const first = b.readUInt16BE(at + 3 + r * 3);
    const fd = b.readUInt8(at + 5 + r * 3);
    const next = b.readUInt16BE(at + 6 + r * 3);
    fds.fill(fd, first, Math.min(next, glyphs));
  }
  return (g) => fds[g] ?? 0;
}

/** Glyph id -> SVG path data (font units, y down), for the CFF table at `cff` in `b`. */
export function cffOutlines(b: Buffer, cff: number): (glyph: number) => string {
  const names = readIndex(b, cff + b.readUInt8(cff + 2));
  const tops = readIndex(b, names.end);
  const strings = readIndex(b, tops.end);
  const global = readIndex(b, strings.end);
  const [topStart, topEnd] = tops.item(0);
  const top = readDict(b, topStart, topEnd);
  const charStrings = readIndex(b, cff + ((top.get(CHARSTRINGS) ?? [0])[0] as number));
  const globalSubrs: Subrs = { index: global, bias: bias(global.count) };
  let subrsOf: (glyph: number) => Subrs;
  const fdArray = top.get(FD_ARRAY);
  if (fdArray) {
    const fds = readIndex(b, cff + (fdArray[0] as number));
    const locals = Array.from({ length: fds.count }, (_, i) => {
      const [s, e] = fds.item(i);
      return localSubrs(b, cff, readDict(b, s, e));
    });
    const select = fdSelect(b, cff + ((top.get(FD_SELECT) ?? [0])[0] as number), charStrings.count);
    subrsOf = (g) => locals[select(g)] ?? (locals[0] as Subrs);
  } else {
    const own = localSubrs(b, cff, top);
    subrsOf = () => own;
  }
  return (glyph) => {
    if (glyph < 0 || glyph >= charStrings.count) return '';
    const path = new PathWriter();
    new CharString(b, globalSubrs, subrsOf(glyph), path).run(charStrings.item(glyph));
    return path.text();
  };
}

/** Relative path commands from absolute points, rounded to whole font units. */
class PathWriter {
  private out = '';
  private last = '';
  private open = false;
  /** The written (rounded) current point, so rounding never accumulates, and the contour's start. */
  private wx = 0;
  private wy = 0;
  private startX = 0;
  private startY = 0;

  private command(letter: string, coordinates: number[]): void {
    let text = this.last === letter ? '' : letter;
    // After a number a separator is needed, unless the next number brings its own minus sign.
    let afterNumber = text === '';
    const [fromX, fromY] = [this.wx, this.wy];
    for (let i = 0; i < coordinates.length; i += 2) {
      const x = Math.round(coordinates[i] as number);
      // SVG's y points down.
      const y = Math.round(-(coordinates[i + 1] as number));
      for (const v of [x - fromX, y - fromY]) {
        const s = String(v === 0 ? 0 : v);
        text += afterNumber && !s.startsWith('-') ? ` ${s}` : s;
        afterNumber = true;
      }
      // Every point of a segment is relative to its start; the end becomes the current point.
      if (i === coordinates.length - 2) [this.wx, this.wy] = [x, y];
    }
    this.out += text;
    this.last = letter;
  }

  moveTo(x: number, y: number): void {
    this.close();
    this.command('m', [x, y]);
    [this.startX, this.startY] = [this.wx, this.wy];
    this.open = true;
  }

  lineTo(x: number, y: number): void {
    this.command('l', [x, y]);
  }

  curveTo(x1: number, y1: number, x2: number, y2: number, x: number, y: number): void {
    this.command('c', [x1, y1, x2, y2, x, y]);
  }

  /** Closes the contour: SVG then puts the current point back at the contour's start. */
  close(): void {
    if (!this.open) return;
    this.out += 'z';
    this.last = 'z';
    this.open = false;
    [this.wx, this.wy] = [this.startX, this.startY];
  }

  text(): string {
    this.close();
    return this.out;
  }
}

type Six = [number, number, number, number, number, number];

/** A Type 2 charstring machine (TN 5177) drawing one glyph onto `path`. */
class CharString {
  private stack: number[] = [];
  private x = 0;
  private y = 0;
  private stems = 0;
  private widthRead = false;
  private depth = 0;

  constructor(
    private readonly b: Buffer,
    private readonly global: Subrs,
    private readonly local: Subrs,
    private readonly path: PathWriter,
  ) {}

  /** Runs a charstring or subroutine; true once endchar ends the glyph. */
  run([start, end]: [number, number]): boolean {
    if (++this.depth > 10) throw new Error('charstring subroutines nest deeper than 10');
    const { b, stack } = this;
    let p = start;
    while (p < end) {
      const op = b.readUInt8(p++);
      if (op >= 32 || op === 28) p = this.operand(op, p);
      else if (op === 11)
        break; // return
      else if (op === 14) {
        // endchar
        if (!this.widthRead && (stack.length === 1 || stack.length === 5)) stack.shift();
        this.path.close();
        return true;
      } else if (op === 10 || op === 29) {
        // callsubr, callgsubr
        const subrs = op === 10 ? this.local : this.global;
        const n = (stack.pop() ?? 0) + subrs.bias;
        if (n < 0 || n >= subrs.index.count) throw new Error(`charstring calls missing subroutine ${n}`);
        if (this.run(subrs.index.item(n))) return true;
      } else if (op === 19 || op === 20) {
        // hintmask, cntrmask: stems before the first mask are an implied vstem.
        this.hints();
        p += (this.stems + 7) >> 3;
      } else if (op === 12) {
        flex(b.readUInt8(p++), stack, this.curve, () => this.y);
        stack.length = 0;
      } else {
        this.operator(op);
        stack.length = 0;
      }
    }
    this.depth--;
    return false;
  }

  private operand(op: number, p: number): number {
    const { b, stack } = this;
    if (op === 28) {
      stack.push(b.readInt16BE(p));
      return p + 2;
    }
    if (op <= 246) stack.push(op - 139);
    else if (op <= 250) stack.push((op - 247) * 256 + b.readUInt8(p++) + 108);
    else if (op <= 254) stack.push(-(op - 251) * 256 - b.readUInt8(p++) - 108);
    else {
      stack.push(b.readInt32BE(p) / 65536);
      return p + 4;
    }
    return p;
  }

  /** The first stack-clearing operator may carry the advance width first: dropped (hmtx has it). */
  private dropWidth(evenArgs: boolean): void {
    const { stack } = this;
    if (!this.widthRead && stack.length > 0 && stack.length % 2 === (evenArgs ? 1 : 0)) stack.shift();
    this.widthRead = true;
  }

  private hints(): void {
    this.dropWidth(true);
    this.stems += this.stack.length >> 1;
    this.stack.length = 0;
  }

  private readonly line = (dx: number, dy: number): void => {
    this.x += dx;
    this.y += dy;
    this.path.lineTo(this.x, this.y);
  };

  private readonly curve = (a: number, b: number, c: number, d: number, e: number, f: number): void => {
    const x1 = this.x + a;
    const y1 = this.y + b;
    const x2 = x1 + c;
    const y2 = y1 + d;
    this.x = x2 + e;
    this.y = y2 + f;
    this.path.curveTo(x1, y1, x2, y2, this.x, this.y);
  };

  private move(dx: number, dy: number): void {
    this.x += dx;
    this.y += dy;
    this.path.moveTo(this.x, this.y);
  }

  /** Hints, moves and lines; curves in `curves`. */
  private operator(op: number): void {
    const s = this.stack;
    const at = (i: number) => s[i] as number;
    switch (op) {
      case 1: // hstem
      case 3: // vstem
      case 18: // hstemhm
      case 23: // vstemhm
        this.hints();
        break;
      case 21: // rmoveto
        this.dropWidth(true);
        this.move(s.at(-2) ?? 0, s.at(-1) ?? 0);
        break;
      case 22: // hmoveto
        this.dropWidth(false);
        this.move(s.at(-1) ?? 0, 0);
        break;
      case 4: // vmoveto
        this.dropWidth(false);
        this.move(0, s.at(-1) ?? 0);
        break;
      case 5: // rlineto
        for (let i = 0; i + 1 < s.length; i += 2) this.line(at(i), at(i + 1));
        break;
      case 6: // hlineto
      case 7: // vlineto
        for (let i = 0; i < s.length; i++) {
          if ((i % 2 === 0) === (op === 6)) this.line(at(i), 0);
          else this.line(0, at(i));
        }
        break;
      default:
        this.curves(op);
    }
  }

  private curves(op: number): void {
    const s = this.stack;
    const at = (i: number) => s[i] as number;
    let i = 0;
    switch (op) {
      case 8: // rrcurveto
        for (; i + 5 < s.length; i += 6) this.curve(...six(s, i));
        break;
      case 24: // rcurveline
        for (; i + 5 < s.length - 2; i += 6) this.curve(...six(s, i));
        this.line(at(i), at(i + 1));
        break;
      case 25: // rlinecurve
        for (; i + 1 < s.length - 6; i += 2) this.line(at(i), at(i + 1));
        this.curve(...six(s, i));
        break;
      case 26: {
        // vvcurveto
        let dx1 = s.length % 2 ? at(i++) : 0;
        for (; i + 3 < s.length; i += 4, dx1 = 0) this.curve(dx1, at(i), at(i + 1), at(i + 2), 0, at(i + 3));
        break;
      }
      case 27: {
        // hhcurveto
        let dy1 = s.length % 2 ? at(i++) : 0;
        for (; i + 3 < s.length; i += 4, dy1 = 0) this.curve(at(i), dy1, at(i + 1), at(i + 2), at(i + 3), 0);
        break;
      }
      case 30: // vhcurveto
      case 31: {
        // hvcurveto: curves alternate between starting horizontally and vertically; the last one
        // may end with a fifth argument.
        let horizontal = op === 31;
        for (; i + 3 < s.length; i += 4, horizontal = !horizontal) {
          const extra = s.length - i === 5 ? at(i + 4) : 0;
          if (horizontal) this.curve(at(i), 0, at(i + 1), at(i + 2), extra, at(i + 3));
          else this.curve(0, at(i), at(i + 1), at(i + 2), at(i + 3), extra);
        }
        break;
      }
      default:
      // Operators that draw nothing (reserved, arithmetic): their operands are dropped.
    }
  }
}

const six = (s: number[], i: number) => [s[i], s[i + 1], s[i + 2], s[i + 3], s[i + 4], s[i + 5]] as Six;

type Curve = (a: number, b: number, c: number, d: number, e: number, f: number) => void;

/** The flex operators, drawn as their two curves (TN 5177, 4.1). */
function flex(escape: number, s: number[], curve: Curve, currentY: () => number): void {
  const v = (i: number) => s[i] ?? 0;
  if (escape === 35) {
    curve(v(0), v(1), v(2), v(3), v(4), v(5));
    curve(v(6), v(7), v(8), v(9), v(10), v(11));
  } else if (escape === 34) {
    // hflex: dx1 dx2 dy2 dx3 dx4 dx5 dx6; ends at the starting y.
    curve(v(0), 0, v(1), v(2), v(3), 0);
    curve(v(4), 0, v(5), -v(2), v(6), 0);
  } else if (escape === 36) {
    // hflex1: dx1 dy1 dx2 dy2 dx3 dx4 dx5 dy5 dx6
    const startY = currentY();
    curve(v(0), v(1), v(2), v(3), v(4), 0);
    const dy6 = startY - (currentY() + v(7));
    curve(v(5), 0, v(6), v(7), v(8), dy6);
  } else if (escape === 37) {
    // flex1: five points given, the sixth's larger delta from the start, the other coordinate back.
    const dx = v(0) + v(2) + v(4) + v(6) + v(8);
    const dy = v(1) + v(3) + v(5) + v(7) + v(9);
    const horizontal = Math.abs(dx) > Math.abs(dy);
    curve(v(0), v(1), v(2), v(3), v(4), v(5));
    curve(v(6), v(7), v(8), v(9), horizontal ? v(10) : -dx, horizontal ? -dy : v(10));
  }
}
