import '@testing-library/jest-dom/vitest';

// jsdom has no modal dialog API; the open attribute is what the tests look at.
HTMLDialogElement.prototype.showModal ??= function showModal(this: HTMLDialogElement) {
  this.setAttribute('open', '');
};
HTMLDialogElement.prototype.close ??= function close(this: HTMLDialogElement) {
  this.removeAttribute('open');
};
