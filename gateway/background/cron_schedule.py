"""When a pg_cron job is due. The database parses each schedule (cron._parse_schedule, so that cron.schedule refuses
a bad one with the original's error); this module reads the parsed form against the clock, second by second."""

from __future__ import annotations

import calendar
from dataclasses import dataclass
from datetime import datetime


@dataclass(frozen=True)
class Schedule:
    seconds: int | None  # '[1-59] seconds': due at every multiple of it since the epoch
    at_start: bool  # @reboot: once, when a runner starts
    minutes: frozenset[int]
    hours: frozenset[int]
    days: frozenset[int]
    months: frozenset[int]
    weekdays: frozenset[int]  # 0 is Sunday
    last_day: bool  # $ in the day-of-month field
    day_or_weekday: bool  # both day fields restricted: either may match (Vixie cron's rule)

    @classmethod
    def parsed(cls, seconds: int | None, at_start: bool, minutes: list[int] | None, hours: list[int] | None,
               days: list[int] | None, months: list[int] | None, weekdays: list[int] | None, last_day: bool,
               day_or_weekday: bool) -> Schedule:
        def each(values: list[int] | None) -> frozenset[int]:
            return frozenset(values or ())
        return cls(seconds, at_start, each(minutes), each(hours), each(days), each(months), each(weekdays), last_day,
                   day_or_weekday)

    def due(self, moment: datetime) -> bool:
        """Whether a run falls on `moment`, a whole second in the schedule's time zone."""
        if self.at_start:
            return False
        if self.seconds is not None:
            return int(moment.timestamp()) % self.seconds == 0
        if moment.second or moment.minute not in self.minutes or moment.hour not in self.hours:
            return False
        if moment.month not in self.months:
            return False
        on_day = moment.day in self.days or (
            self.last_day and moment.day == calendar.monthrange(moment.year, moment.month)[1])
        on_weekday = moment.isoweekday() % 7 in self.weekdays
        return on_day or on_weekday if self.day_or_weekday else on_day and on_weekday
