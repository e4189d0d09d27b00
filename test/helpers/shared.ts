/**
 * The immutable inputs a test file loads once (city table, ephemeris, knowledge base), for tests with
 * or without a service.
 */
import { createEphemeris, type Ephemeris } from '../../src/core/ephemeris/index.js';
import { type KnowledgeBase, loadKnowledgeBase } from '../../src/core/knowledge/index.js';
import { type CityTable, loadCityTable } from '../../src/core/location/index.js';

let cities: Promise<CityTable> | null = null;
/** The city table is immutable, so a test file loads it once. */
export const sharedCities = (): Promise<CityTable> => (cities ??= loadCityTable());

let ephemeris: Ephemeris | null = null;
/** One ephemeris per test file (the native library is process-wide anyway). */
export const sharedEphemeris = (): Ephemeris => (ephemeris ??= createEphemeris());

let knowledge: Promise<KnowledgeBase> | null = null;
/** The knowledge folder is read once per test file. */
export const sharedKnowledge = (): Promise<KnowledgeBase> => (knowledge ??= loadKnowledgeBase());
