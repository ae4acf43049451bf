"""PROTOCOL.md and the code agree in both directions: the message types and their fields
(the two unions of `app/server/wire`), the error codes and the close codes. The live tests
also check every message they receive against the server's union."""

from __future__ import annotations

from typing import get_args

from protocol_doc import (
    advice_codes,
    client_fields,
    client_types,
    close_codes,
    error_codes,
    http_error_codes,
    server_fields,
    server_types,
)

from app.server.wire import intents, messages
from app.server.wire.errors import ErrorCode, HttpErrorCode
from app.server.wire.facts import Close


def test_every_client_type_is_documented_and_real():
    assert client_types() == set(intents.MESSAGE_TYPES)


def test_every_server_type_is_documented_and_real():
    assert server_types() == set(messages.SERVER_MESSAGE_TYPES)


def _client_models() -> dict[str, type[intents.Intent]]:
    models = get_args(get_args(intents.ClientMessage)[0])
    return {get_args(model.model_fields["type"].annotation)[0]: model for model in models}


def test_every_client_message_has_the_fields_the_table_gives_it():
    described_in_words = []
    for kind, fields in client_fields().items():
        model = _client_models()[kind]
        if fields is None:
            described_in_words.append(kind)
            continue
        real = {name: not info.is_required() for name, info in model.model_fields.items()
                if name not in ("type", "ref")}  # `ref`: any message may carry one
        assert real == fields, kind
    # "any option of `state.room.options`": every key the room's options have, and no other.
    assert described_in_words == ["set_options"]
    assert intents.SetOptions.model_config.get("extra") == "allow"
    options = {"tileset": "classic", "seats": 3, "river": True, "unknown": 1}
    message = intents.SetOptions.model_validate({"type": "set_options", **options})
    assert message.changes() == {"tileset": "classic", "seats": 3, "river": True}


def test_every_server_message_has_the_fields_the_table_gives_it():
    models = {messages.type_of(model): model for model in messages.MESSAGE_MODELS}
    for kind, fields in server_fields().items():
        model = models[kind]
        real = {name: name in model.omitted_when_none for name in model.model_fields
                if name != "type"}
        assert real == fields, kind


def test_every_error_code_is_documented_and_real():
    assert error_codes() == {str(code) for code in ErrorCode}


def test_every_close_code_is_documented_and_real():
    assert close_codes() == {int(code) for code in Close}


def test_every_advice_code_is_documented_and_real():
    assert advice_codes() == {kind: set(codes) for kind, codes in messages.ADVICE_CODES.items()}


def test_every_http_error_code_is_documented_and_real():
    assert http_error_codes() == {str(code) for code in HttpErrorCode}
