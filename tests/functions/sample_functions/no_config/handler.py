# not a function: no function.toml
