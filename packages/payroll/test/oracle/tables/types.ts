// Unchanged by the throughput work: the oracle uses the engine's own module.
export * from '../../../src/tables/types.js';
