"""MFA with real TOTP codes: enroll, challenge, verify to aal2, the aal2 rules, unenroll."""

from __future__ import annotations

import pyotp

from tests.auth.helpers import bearer, client, signed_in


def enroll(auth, token, name="phone"):
    response = auth.post("/factors", headers=bearer(token), json={"factor_type": "totp", "friendly_name": name})
    assert response.status_code == 200, response.text
    return response.json()


def verify(auth, token, factor, code=None):
    challenge = auth.post(f"/factors/{factor['id']}/challenge", headers=bearer(token)).json()
    code = code or pyotp.TOTP(factor["totp"]["secret"]).now()
    return auth.post(f"/factors/{factor['id']}/verify", headers=bearer(token),
                     json={"challenge_id": challenge["id"], "code": code})


def test_enroll_returns_a_secret_uri_and_svg_qr_code(gateway):
    with client(gateway) as auth:
        session = signed_in(gateway, auth, "enroll@example.com")
        factor = enroll(auth, session["access_token"])
        me = auth.get("/user", headers=bearer(session["access_token"])).json()
    assert factor["type"] == "totp" and factor["friendly_name"] == "phone"
    assert factor["totp"]["uri"].startswith("otpauth://totp/") and "enroll%40example.com" in factor["totp"]["uri"]
    assert factor["totp"]["qr_code"].startswith("<svg")
    assert me["factors"][0]["status"] == "unverified"


def test_verify_with_a_real_code_gives_an_aal2_session(gateway):
    with client(gateway) as auth:
        session = signed_in(gateway, auth, "aal2@example.com")
        factor = enroll(auth, session["access_token"])
        challenge = auth.post(f"/factors/{factor['id']}/challenge", headers=bearer(session["access_token"]))
        assert challenge.status_code == 200 and challenge.json()["type"] == "totp"
        wrong = auth.post(f"/factors/{factor['id']}/verify", headers=bearer(session["access_token"]),
                          json={"challenge_id": challenge.json()["id"], "code": "000000"})
        assert wrong.status_code == 422 and wrong.json()["code"] == "mfa_verification_failed"
        code = pyotp.TOTP(factor["totp"]["secret"]).now()
        verified = auth.post(f"/factors/{factor['id']}/verify", headers=bearer(session["access_token"]),
                             json={"challenge_id": challenge.json()["id"], "code": code})
        assert verified.status_code == 200
        claims = gateway.keys.verify(verified.json()["access_token"])
        assert claims["aal"] == "aal2" and [a["method"] for a in claims["amr"]] == ["password", "totp"]
        reused = auth.post(f"/factors/{factor['id']}/verify", headers=bearer(session["access_token"]),
                           json={"challenge_id": challenge.json()["id"], "code": code})
        assert reused.status_code == 422 and reused.json()["code"] == "mfa_challenge_expired"
        refreshed = auth.post("/token?grant_type=refresh_token", json={"refresh_token": verified.json()["refresh_token"]})
    assert gateway.keys.verify(refreshed.json()["access_token"])["aal"] == "aal2"


def test_expired_challenge(gateway, db):
    with client(gateway) as auth:
        session = signed_in(gateway, auth, "expired-mfa@example.com")
        factor = enroll(auth, session["access_token"])
        challenge = auth.post(f"/factors/{factor['id']}/challenge", headers=bearer(session["access_token"])).json()
        db.execute("update auth.mfa_challenges set created_at = now() - interval '301 seconds' where id = %s", (challenge["id"],))
        response = auth.post(f"/factors/{factor['id']}/verify", headers=bearer(session["access_token"]),
                             json={"challenge_id": challenge["id"], "code": pyotp.TOTP(factor["totp"]["secret"]).now()})
    assert response.status_code == 422 and response.json()["code"] == "mfa_challenge_expired"


def test_with_a_verified_factor_managing_factors_needs_aal2(gateway):
    with client(gateway) as auth:
        session = signed_in(gateway, auth, "rules@example.com")
        factor = enroll(auth, session["access_token"])
        aal2 = verify(auth, session["access_token"], factor).json()
        fresh = auth.post("/token?grant_type=password", json={"email": "rules@example.com", "password": "correct horse"}).json()
        second = auth.post("/factors", headers=bearer(fresh["access_token"]), json={"factor_type": "totp"})
        assert second.status_code == 403 and second.json()["code"] == "insufficient_aal"
        removal = auth.delete(f"/factors/{factor['id']}", headers=bearer(fresh["access_token"]))
        assert removal.status_code == 403 and removal.json()["code"] == "insufficient_aal"
        duplicate = auth.post("/factors", headers=bearer(aal2["access_token"]), json={"factor_type": "totp", "friendly_name": "phone"})
        assert duplicate.status_code == 422 and duplicate.json()["code"] == "mfa_factor_name_conflict"
        removed = auth.delete(f"/factors/{factor['id']}", headers=bearer(aal2["access_token"]))
        assert removed.status_code == 200 and removed.json() == {"id": factor["id"]}
        me = auth.get("/user", headers=bearer(fresh["access_token"])).json()
    assert "factors" not in me


def test_factor_errors(gateway):
    with client(gateway) as auth:
        session = signed_in(gateway, auth, "factor-errors@example.com")
        other = signed_in(gateway, auth, "factor-other@example.com")
        factor = enroll(auth, other["access_token"])
        foreign = auth.post(f"/factors/{factor['id']}/challenge", headers=bearer(session["access_token"]))
        assert foreign.status_code == 404 and foreign.json()["code"] == "mfa_factor_not_found"
        bad_type = auth.post("/factors", headers=bearer(session["access_token"]), json={"factor_type": "sms"})
        assert bad_type.status_code == 400 and bad_type.json()["code"] == "validation_failed"
        for index in range(10):
            enroll(auth, session["access_token"], name=f"f{index}")
        too_many = auth.post("/factors", headers=bearer(session["access_token"]), json={"factor_type": "totp"})
    assert too_many.status_code == 422 and too_many.json()["code"] == "too_many_enrolled_mfa_factors"
