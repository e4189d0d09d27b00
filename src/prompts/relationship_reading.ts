import * as z from 'zod';
import { birthArgs, birthCallText, UNKNOWN_TIME_NOTE } from './birth-args.js';
import { completePlace } from './completions.js';
import { definePrompt } from './types.js';

export const relationshipReadingPrompt = definePrompt({
  name: 'relationship_reading',
  title: 'Relationship reading',
  description:
    'How two people combine in Human Design: the composite chart of both births, its definition, ' +
    'connection theme and relationship channels.',
  args: z.object({ ...birthArgs('', 'person A'), ...birthArgs('1', 'person B') }),
  complete: { birthLocation: completePlace, birthLocation1: completePlace },
  tools: () => ['validate_location', 'generate_composite', 'query_sage'],
  text: (a) =>
    [
      `Give me a Human Design relationship reading for person A (born ${a.birthDate} at ${a.birthTime} in ${a.birthLocation}) ` +
        `and person B (born ${a.birthDate1} at ${a.birthTime1} in ${a.birthLocation1}).`,
      '1. If a place could be ambiguous, call validate_location for it and use the value it resolves to.',
      `2. Call generate_composite with ${birthCallText(a.birthDate, a.birthTime, a.birthLocation)}, ` +
        `${birthCallText(a.birthDate1, a.birthTime1, a.birthLocation1, '1')}, include="tooltips". Tell me any warnings.`,
      "3. Explain each person's type and authority briefly, then what they define together: the combined " +
        'definition, the connection theme and each relationship channel (electromagnetic, companionship, ' +
        'dominance, compromise). Use query_sage for anything the tooltips do not explain.',
      UNKNOWN_TIME_NOTE,
    ].join('\n'),
});
