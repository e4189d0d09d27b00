/**
 * The native Swiss Ephemeris addon, for tests that call it directly (the same C library by another
 * path), on the bundled data files: the service's default build is WebAssembly, which never sets the
 * addon's path, and without it the addon falls back to the Moshier ephemeris (or fails, for asteroids).
 */
import swisseph from 'swisseph';
import { bundledEphePath } from '../../src/core/ephemeris/index.js';

swisseph.swe_set_ephe_path(bundledEphePath());

export default swisseph;
