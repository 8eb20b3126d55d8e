export { PoliciesView } from './policies-view';
