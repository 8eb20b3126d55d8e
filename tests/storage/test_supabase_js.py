"""The Node suite storage.test.mjs: supabase-js's storage client against the gateway."""

from PIL import Image

from tests.support.node import run_node_test


def test_supabase_js_storage(world, gateway, settings, tmp_path):
    photo = tmp_path / "photo.png"
    Image.new("RGB", (400, 300), (200, 40, 40)).save(photo)
    run_node_test("storage.test.mjs", gateway, passes=8, extra_env={
        "TOKEN_A": world.token(world.user_a), "TOKEN_B": world.token(world.user_b),
        "USER_A": world.user_a, "USER_B": world.user_b, "STORAGE_DIR": str(settings.storage_root / "objects"),
        "PHOTO_PNG": str(photo),
    })
