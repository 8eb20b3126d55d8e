export { UsersView } from './users-view';
