"""Policy tests: row-level access rules checked from small TOML files (see docs/policy-tests.md), run by
`gateway policies test` and by the studio's policy matrix."""
