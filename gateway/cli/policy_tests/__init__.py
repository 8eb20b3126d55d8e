"""`gateway policies test`: row-level access rules checked from small TOML files (see docs/policy-tests.md)."""
