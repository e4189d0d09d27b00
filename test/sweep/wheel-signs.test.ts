/**
 * Every planet label of the astrology wheel carries its own sign, apart from every other label and
 * off the lines, in every layout, over 40 seeded births and two stelliums (test/helpers/wheel-signs.ts
 * says what is checked and why); the fast tier runs the same checks over the first 10
 * (test/core/render/wheel-signs.test.ts).
 */
import { describeWheelSigns } from '../helpers/wheel-signs.js';

describeWheelSigns(40);
