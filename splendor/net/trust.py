"""Which certificates the window's connections trust for a `wss://` address: the system's,
and with $SPLENDOR_CAFILE set, the certificates in that PEM file as well (a host's own,
self-signed certificate, as `join --cafile` takes it). A certificate that is not trusted
is told as such (`UNTRUSTED`), not as a host that does not answer."""

from __future__ import annotations

import logging
import os
import ssl

log = logging.getLogger(__name__)

#: The environment variable naming a PEM file of certificates to trust for wss://.
CAFILE_ENV = "SPLENDOR_CAFILE"
#: The problem code of a server whose certificate is not trusted (online.problem.*).
UNTRUSTED = "untrusted_certificate"


def client_ssl(url: str) -> ssl.SSLContext | None:
    """The TLS context for a connection to `url`: None for ws:// (no TLS) and for wss://
    when only the system's certificates are trusted (websockets' own default)."""
    if not url.startswith("wss://"):
        return None
    cafile = os.environ.get(CAFILE_ENV, "").strip()
    if not cafile:
        return None
    context = ssl.create_default_context()
    try:
        context.load_verify_locations(cafile=cafile)
    except (OSError, ssl.SSLError, ValueError) as exc:  # the system's certificates only
        log.warning("$%s=%s cannot be used: %s", CAFILE_ENV, cafile, exc)
    return context


def connect_problem(exc: BaseException) -> str:
    """The problem code of a connection that could not be made: `UNTRUSTED` for a
    certificate not trusted (or not for that name), 'unreachable' otherwise."""
    return UNTRUSTED if isinstance(exc, ssl.SSLCertVerificationError) else "unreachable"
