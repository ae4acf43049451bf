"""A websocket client that sends frames as they are, valid or not (for the edge tests)."""

from __future__ import annotations

import base64
import os
import socket
import struct


class RawSocket:
    """One websocket over a plain TCP socket: the handshake, then frames built by hand."""

    def __init__(self, port: int, path: str) -> None:
        self.sock = socket.create_connection(("127.0.0.1", port), timeout=10)
        key = base64.b64encode(os.urandom(16)).decode()
        self.sock.sendall((
            f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\n"
            f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\n"
            "Sec-WebSocket-Version: 13\r\n\r\n"
        ).encode())
        answer = b""
        while b"\r\n\r\n" not in answer:
            answer += self.sock.recv(4096)
        assert b" 101 " in answer.split(b"\r\n", 1)[0], answer

    def send(self, payload: bytes, opcode: int = 1) -> None:
        """One masked frame (opcode 1: text, as is, whatever the bytes)."""
        mask = os.urandom(4)
        size = len(payload)
        if size < 126:
            header = struct.pack("!BB", 0x80 | opcode, 0x80 | size)
        elif size < 65536:
            header = struct.pack("!BBH", 0x80 | opcode, 0x80 | 126, size)
        else:
            header = struct.pack("!BBQ", 0x80 | opcode, 0x80 | 127, size)
        self.sock.sendall(header + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(payload)))

    def close_code(self) -> int | None:
        """Read until the server closes; the code of its close frame (None: none came)."""
        data = b""
        try:
            while chunk := self.sock.recv(65536):
                data += chunk
        except (ConnectionResetError, TimeoutError):
            pass
        finally:
            self.sock.close()
        # Frames from the server are not masked: walk them to the close frame.
        at = 0
        while at + 2 <= len(data):
            opcode, size = data[at] & 0x0F, data[at + 1] & 0x7F
            start = at + 2
            if size == 126:
                size, start = struct.unpack("!H", data[at + 2:at + 4])[0], at + 4
            elif size == 127:
                size, start = struct.unpack("!Q", data[at + 2:at + 10])[0], at + 10
            if opcode == 8 and size >= 2:
                return int(struct.unpack("!H", data[start:start + 2])[0])
            at = start + size
        return None
