"""The Node suite storage.test.mjs: supabase-js's storage client against the gateway."""

from tests.support.node import run_node_test


def test_supabase_js_storage(world, gateway, settings):
    output = run_node_test("storage.test.mjs", gateway, extra_env={
        "TOKEN_A": world.token(world.user_a), "TOKEN_B": world.token(world.user_b),
        "USER_A": world.user_a, "USER_B": world.user_b, "STORAGE_DIR": str(settings.storage_root / "objects"),
    })
    assert "# fail 0" in output and "# pass 7" in output
