import type { AstrologyBirth, AstrologyData, AstrologyInput } from './answer.js';
import { synastry } from './synastry.js';

/**
 * The second person of a synastry (birthDate1 ... longitude1, as generate_composite's person B), read
 * as a birth of its own with person A's house system and zodiac: both charts are drawn alike.
 */

export interface SecondPersonInput extends AstrologyInput {
  birthDate1?: string | undefined;
  birthTime1?: string | undefined;
  birthLocation1?: string | undefined;
  latitude1?: number | undefined;
  longitude1?: number | undefined;
}

/** Person B's birth input; the schema has refused a B without date, time or place. */
export function secondPersonOf(input: SecondPersonInput): AstrologyInput {
  return {
    birthDate: input.birthDate1 as string,
    birthTime: input.birthTime1 as string,
    birthLocation: input.birthLocation1,
    latitude: input.latitude1,
    longitude: input.longitude1,
    houseSystem: input.houseSystem,
    zodiac: input.zodiac,
    ayanamsa: input.ayanamsa,
  };
}

/** A's answer with `synastry` (A's birth chart against B's) added at its end. */
export function synastryOf(data: AstrologyData, a: AstrologyBirth, b: AstrologyBirth): AstrologyData {
  return { ...data, synastry: synastry(a.personality, b.personality) };
}
