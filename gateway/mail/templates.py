"""The auth mails (confirmation, recovery, magic link, email change) in plain text and HTML."""

from __future__ import annotations

from dataclasses import dataclass
from html import escape

from gateway.mail.mailer import Mail


@dataclass(frozen=True)
class Template:
    subject: str
    heading: str
    intro: str
    action: str


TEMPLATES = {
    "signup": Template("Confirm your signup", "Confirm your signup",
                       "Follow this link to confirm your email address:", "Confirm your email"),
    "recovery": Template("Reset your password", "Reset your password",
                         "Follow this link to reset the password for your account:", "Reset password"),
    "magiclink": Template("Your sign-in link", "Your sign-in link",
                          "Follow this link to sign in:", "Sign in"),
    "email_change": Template("Confirm your new email address", "Confirm email change",
                             "Follow this link to confirm the change of your email address to {new_email}:",
                             "Change email"),
}


def auth_mail(kind: str, *, to: str, link: str, otp: str, new_email: str | None = None) -> Mail:
    template = TEMPLATES[kind]
    intro = template.intro.format(new_email=new_email or to)
    text = (
        f"{template.heading}\n\n{intro}\n\n{link}\n\n"
        f"Or enter this code: {otp}\n\n"
        "If you did not ask for this, you can ignore this mail.\n"
    )
    html = (
        f"<h2>{escape(template.heading)}</h2>"
        f"<p>{escape(intro)}</p>"
        f'<p><a href="{escape(link, quote=True)}">{escape(template.action)}</a></p>'
        f"<p>Or enter this code: <strong>{escape(otp)}</strong></p>"
        "<p>If you did not ask for this, you can ignore this mail.</p>"
    )
    return Mail(to=to, subject=template.subject, text=text, html=html, kind=f"auth.{kind}")
