"""The studio: a web UI for the project's data, users and policies at `/_/`, and its small service-role admin API."""
