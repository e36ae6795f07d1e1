export * from './user-types.js';
export * from './problem.js';
export * from './auth.js';
export * from './validation-messages.js';
