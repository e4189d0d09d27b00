import { type Face, measureText } from './font-metrics.js';

/**
 * A line of text broken to fit a width: at the separators charts use (` · `, `, `), then at spaces.
 * At most `maxLines`; what does not fit ends the last line with an ellipsis.
 */
export function fitLines(
  text: string,
  maxWidth: number,
  size: number,
  face: Face = 'regular',
  maxLines = 2,
): string[] {
  const fits = (line: string) => measureText(line, size, face).width <= maxWidth;
  if (fits(text)) return [text];
  const tokens = text.split(/(?<= · )|(?<=, )|(?<= )/);
  const lines: string[] = [];
  let line = '';
  for (const token of tokens) {
    if (line && !fits((line + token).trimEnd())) {
      lines.push(line.trimEnd());
      line = '';
    }
    line += token;
  }
  if (line) lines.push(line.trimEnd());
  const kept = lines.slice(0, maxLines);
  const cut = lines.length > maxLines;
  const last = kept.length - 1;
  if (cut || !fits(kept[last] as string)) kept[last] = ellipsize(kept[last] as string, fits);
  return kept.map((l, i) => (i < last && !fits(l) ? ellipsize(l, fits) : l));
}

/** The longest start of `line` that fits with an ellipsis after it. */
function ellipsize(line: string, fits: (s: string) => boolean): string {
  const chars = [...line];
  for (let n = chars.length; n > 0; n--) {
    const candidate = `${chars
      .slice(0, n)
      .join('')
      .replace(/[\s,·]+$/, '')}…`;
    if (fits(candidate)) return candidate;
  }
  return '…';
}
