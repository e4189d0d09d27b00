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

export const monthTransitsPrompt = definePrompt({
  name: 'month_transits',
  title: "A month's transits for a birth chart",
  description:
    "What a month's planetary transits activate in one person's Human Design chart: gate and line " +
    'changes, retrogrades and eclipses of the month, read against the natal chart.',
  args: z.object({
    ...birthArgs(),
    month: z.string().regex(MONTH).describe('The month, YYYY-MM; completed from the coming months.'),
  }),
  complete: { birthLocation: completePlace, month: completeMonth },
  tools: () => ['generate_chart', 'get_transit_periods', 'get_retrogrades', 'get_eclipses', 'query_sage'],
  text: ({ birthDate, birthTime, birthLocation, month }) => {
    const { startDate, endDate } = monthRange(month);
    const range = `startDate="${startDate}", endDate="${endDate}"`;
    return [
      `Tell me what the transits of ${month} mean for a person born on ${birthDate} at ${birthTime} in ${birthLocation}.`,
      `1. Call generate_chart with ${birthCallText(birthDate, birthTime, birthLocation)} for the natal chart.`,
      `2. Call get_transit_periods with ${range} (bodies="Sun,Earth,Rahu,Ketu,Mercury,Venus,Mars,Jupiter,Saturn") ` +
        'for the gates and lines the planets move through.',
      `3. Call get_retrogrades and get_eclipses with ${range}.`,
      '4. Point out the transiting gates that complete a channel with the natal gates or fall in open centers, ' +
        'in date order, and the retrogrades and eclipses of the month. Use query_sage for gate and channel meanings.',
    ].join('\n');
  },
});
