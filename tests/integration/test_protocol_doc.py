"""PROTOCOL.md and the code agree (the live tests also check every message they receive)."""

from __future__ import annotations

from protocol_doc import client_types, close_codes, error_codes, server_types

from app.server import protocol


def test_every_client_type_is_documented_and_real():
    assert client_types() == set(protocol.MESSAGE_TYPES)


def test_every_server_type_is_documented_and_real():
    assert server_types() == set(protocol.SERVER_MESSAGE_TYPES)


def test_every_error_code_is_documented_and_real():
    assert error_codes() == {str(code) for code in protocol.ErrorCode}


def test_every_close_code_is_documented():
    used = {v for k, v in vars(protocol.Close).items() if k.isupper()}
    assert close_codes() == used
