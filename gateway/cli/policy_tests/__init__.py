"""`gateway policies test`: the command that runs the project's policy test files (gateway.policy_tests)."""
