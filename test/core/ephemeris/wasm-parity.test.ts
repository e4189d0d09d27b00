/**
 * The WebAssembly build of the Swiss Ephemeris against the native addon over 100 instants of the
 * supported range (test/helpers/wasm-parity.ts says what is compared and to what tolerance);
 * test/sweep/wasm-parity.test.ts runs the same comparison over 1,000.
 */
import { describeWasmParity } from '../../helpers/wasm-parity.js';

describeWasmParity(100);
