import * as z from 'zod';
import { birthArgs, birthCallText } from './birth-args.js';
import { completeMonth, completePlace } from './completions.js';
import { definePrompt } from './types.js';

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

/** The first and last day of a YYYY-MM month. */
export function monthRange(month: string): { startDate: string; endDate: string } {
  const [year, m] = month.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(year, m, 0)).getUTCDate();
  return { startDate: `${month}-01`, endDate: `${month}-${String(last).padStart(2, '0')}` };
}

/**
 * The bodies of the month reading, in two calls of similar size. The Moon is left out: its line
 * changes (about 360 a month) would not fit an MCP result, and its aspects last hours. The other 12
 * in one call do not fit either (measured 105 KB for January 2026); the fast bodies take most (May
 * 2026, JSON: Mercury 17 KB, Venus 10, Sun 8, Earth 7, Mars 7, the rest 6).
 */
export const MONTH_BODIES = [
  'Sun,Earth,Mercury',
  'Venus,Mars,Rahu,Ketu,Jupiter,Saturn,Uranus,Neptune,Pluto',
] as const;

export const monthTransitsPrompt = definePrompt({
  name: 'month_transits',
  title: "A month's transits for a birth chart",
  description:
    "What a month's planetary transits activate in one person's Human Design chart: gate and line " +
    'changes, channels the transits complete with the natal gates, exact aspects to the natal planets, ' +
    'retrogrades and eclipses of the month.',
  args: z.object({
    ...birthArgs(),
    month: z.string().regex(MONTH).describe('The month, YYYY-MM; completed from the coming months.'),
  }),
  complete: { birthLocation: completePlace, month: completeMonth },
  tools: () => ['get_transit_periods', 'get_retrogrades', 'get_eclipses', 'query_sage'],
  text: ({ birthDate, birthTime, birthLocation, month }) => {
    const { startDate, endDate } = monthRange(month);
    const range = `startDate="${startDate}", endDate="${endDate}"`;
    return [
      `Tell me what the transits of ${month} mean for a person born on ${birthDate} at ${birthTime} in ${birthLocation}.`,
      `1. Call get_transit_periods twice, with ${range}, ${birthCallText(birthDate, birthTime, birthLocation)} and ` +
        `bodies="${MONTH_BODIES[0]}", then bodies="${MONTH_BODIES[1]}": periods and events are the gates and lines the ` +
        'planets move through; natal gives the natal chart, the windows in which a transit completes a natal ' +
        'channel (channels) and defines an open center (centers), and the exact aspects to the natal planets and ' +
        'angles (aspects).',
      `2. Call get_retrogrades and get_eclipses with ${range}.`,
      "3. In date order, tell the month's channel completions and the open centers they define, the exact aspects " +
        '(a slow planet looping back over a point is one theme told once), the retrogrades and eclipses. Use ' +
        'query_sage for gate, channel and aspect meanings.',
    ].join('\n');
  },
});
