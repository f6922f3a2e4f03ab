export * from './permissions.js';
export * from './errors.js';
export * from './constants.js';
export * from './api/auth.js';
export * from './api/users.js';
export * from './api/config.js';
export * from './realtime/events.js';
export * from './api/cameras.js';
