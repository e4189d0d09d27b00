/**
 * The WebAssembly build of the Swiss Ephemeris against the native addon over 1,000 instants of the
 * supported range (test/helpers/wasm-parity.ts says what is compared and to what tolerance); the
 * fast tier runs the same comparison over 100 (test/core/ephemeris/wasm-parity.test.ts).
 */
import { describeWasmParity } from '../helpers/wasm-parity.js';

describeWasmParity(1000);
