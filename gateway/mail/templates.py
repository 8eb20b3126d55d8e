"""The auth mails (confirmation, invite, recovery, magic link, both email-change mails) in plain text and HTML."""

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
    "invite": Template("You have been invited", "You have been invited",
                       "You have been invited to create a user. Follow this link to accept the invite:",
                       "Accept the invite"),
    "magiclink": Template("Your sign-in link", "Your sign-in link",
                          "Follow this link to sign in:", "Sign in"),
    "email_change": Template("Confirm Email Change", "Confirm email change",
                             "Follow this link to confirm the update of your email from {email} to {new_email}:",
                             "Change email"),
    # With secure email change the current address gets its own link (GoTrue's subject for it).
    "email_change_current": Template("Confirm Email Address", "Confirm email change",
                                     "Follow this link to confirm the update of your email from {email} to {new_email}:",
                                     "Change email"),
    # A code to type, no link (GoTrue's reauthentication mail).
    "reauthentication": Template("Confirm reauthentication", "Confirm reauthentication",
                                 "Enter this code to confirm it is you:", ""),
}


def auth_mail(kind: str, *, to: str, link: str, otp: str, email: str | None = None,
              new_email: str | None = None) -> Mail:
    """`email` and `new_email` are the addresses an email-change mail names."""
    template = TEMPLATES[kind]
    intro = template.intro.format(email=email or to, new_email=new_email or to)
    code = "Or enter this code" if link else "Code"
    text = (
        f"{template.heading}\n\n{intro}\n\n" + (f"{link}\n\n" if link else "")
        + f"{code}: {otp}\n\n"
        "If you did not ask for this, you can ignore this mail.\n"
    )
    html = (
        f"<h2>{escape(template.heading)}</h2>"
        f"<p>{escape(intro)}</p>"
        + (f'<p><a href="{escape(link, quote=True)}">{escape(template.action)}</a></p>' if link else "")
        + f"<p>{code}: <strong>{escape(otp)}</strong></p>"
        "<p>If you did not ask for this, you can ignore this mail.</p>"
    )
    return Mail(to=to, subject=template.subject, text=text, html=html, kind=f"auth.{kind}")
