"""When a job is due: schedules parsed by the database (cron._parse_schedule), read against given instants."""

from __future__ import annotations

from datetime import UTC, datetime

import psycopg
import pytest

from gateway.background.cron_schedule import Schedule


@pytest.fixture(scope="module")
def parse(db: psycopg.Connection):
    db.execute("create extension if not exists pg_cron with schema pg_catalog")

    def parsed(text: str) -> Schedule:
        row = db.execute("select valid, seconds, at_start, minutes, hours, days, months, weekdays, last_day,"
                         " day_or_weekday from cron._parse_schedule(%s)", (text,)).fetchone()
        assert row[0], f"{text!r} should be valid"
        return Schedule.parsed(*row[1:])
    return parsed


def at(text: str) -> datetime:
    return datetime.fromisoformat(text).replace(tzinfo=UTC)


@pytest.mark.parametrize(("schedule", "due", "not_due"), [
    ("* * * * *", ["2026-03-04 10:11:00"], ["2026-03-04 10:11:01"]),
    ("30 3 * * 6", ["2026-03-07 03:30:00"], ["2026-03-08 03:30:00", "2026-03-07 03:31:00"]),  # a Saturday
    ("*/15 9-17 * * mon-fri", ["2026-03-06 17:45:00", "2026-03-02 09:00:00"],
     ["2026-03-07 09:00:00", "2026-03-06 18:00:00", "2026-03-06 09:10:00"]),
    ("0 12 $ * *", ["2026-02-28 12:00:00", "2028-02-29 12:00:00", "2026-04-30 12:00:00"],
     ["2026-02-27 12:00:00", "2028-02-28 12:00:00", "2026-03-30 12:00:00"]),
    # Both day fields restricted: the 13th, or any Friday.
    ("0 0 13 * fri", ["2026-03-13 00:00:00", "2026-03-06 00:00:00", "2026-05-13 00:00:00"], ["2026-03-07 00:00:00"]),
    ("0 0 * * 7", ["2026-03-08 00:00:00"], ["2026-03-09 00:00:00"]),  # 7 is Sunday too
    ("0 0 1 jan,jul *", ["2026-07-01 00:00:00"], ["2026-06-01 00:00:00"]),
    ("@hourly", ["2026-03-04 10:00:00"], ["2026-03-04 10:30:00"]),
    ("20 seconds", ["2026-03-04 10:00:00", "2026-03-04 10:00:20", "2026-03-04 10:00:40"],
     ["2026-03-04 10:00:10", "2026-03-04 10:00:21"]),
    ("@reboot", [], ["2026-03-04 10:00:00"]),
])
def test_due_times(parse, schedule: str, due: list[str], not_due: list[str]) -> None:
    parsed = parse(schedule)
    assert [moment for moment in due if not parsed.due(at(moment))] == []
    assert [moment for moment in not_due if parsed.due(at(moment))] == []
