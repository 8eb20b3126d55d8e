// What other features may use of auth; the rest of the folder is its own (eslint.config.js enforces this).
export { loginAfterFailureState } from './lib/login-target';
