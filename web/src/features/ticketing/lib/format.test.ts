import { dueState, relativeTime, shortId, titleCase } from './format';

describe('ticket formatting', () => {
  it('shows the last 6 characters of an id', () => {
    expect(shortId('0f8fad5b-d9cb-469f-a165-70867728950e')).toBe('28950e');
  });


  it('describes distances in words', () => {
    const now = new Date('2025-03-10T12:00:00Z');
    expect(relativeTime('2025-03-10T11:59:50Z', now)).toBe('less than a minute ago');
    expect(relativeTime('2025-03-10T11:55:00Z', now)).toBe('5 minutes ago');
    expect(relativeTime('2025-03-10T10:00:00Z', now)).toBe('about 2 hours ago');
    expect(relativeTime('2025-03-07T12:00:00Z', now)).toBe('3 days ago');
    expect(relativeTime('2025-01-09T12:00:00Z', now)).toBe('2 months ago');
    expect(relativeTime('2023-03-01T12:00:00Z', now)).toBe('about 2 years ago');
    expect(relativeTime('2025-03-11T12:00:00Z', now)).toBe('in 1 day');
  });

  it('marks due dates overdue or due soon', () => {
    const now = new Date('2025-03-10T12:00:00Z');
    expect(dueState('2025-03-10T11:00:00Z', now)).toBe('overdue');
    expect(dueState('2025-03-11T12:00:00Z', now)).toBe('due-soon');
    expect(dueState('2025-03-12T12:00:00Z', now)).toBe('due-soon');
    expect(dueState('2025-03-13T12:00:00Z', now)).toBe('later');
  });

  it('turns ids into labels', () => {
    expect(titleCase('in-progress')).toBe('In Progress');
    expect(titleCase('feature-request')).toBe('Feature Request');
  });
});
