/**
 * Every planet label of the astrology wheel carries its own sign, apart from every other label and
 * off the lines, in every layout, over 10 seeded births and two stelliums (test/helpers/wheel-signs.ts
 * says what is checked and why); test/sweep/wheel-signs.test.ts runs the same checks over 40 births.
 */
import { describeWheelSigns } from '../../helpers/wheel-signs.js';

describeWheelSigns(10);
