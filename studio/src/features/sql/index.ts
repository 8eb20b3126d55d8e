export { SqlView } from './sql-view';
export { RolePicker, type Identity } from './role-picker';
