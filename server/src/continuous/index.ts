export { createContinuousModule, type ContinuousModule, type ContinuousDeps, type ContinuousOptions } from './feature.js';
