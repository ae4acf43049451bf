"""A room's life cycle in the database: who may write for it, and when it next needs a server.

- `rooms.epoch`: raised by every process that takes a room into memory; a write for the room
  names the epoch it was loaded with and is refused once another process has raised it (a
  deposed owner can never commit).
- `rooms.wake_at`: when the room next has something to do with nobody connected (a bot's
  move, a turn clock or a turn-based deadline running out); NULL when nothing is due.
  Indexed: a scheduler loads only the rooms whose time has come.

Added 2026-11-30.
"""

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"


def upgrade() -> None:
    with op.batch_alter_table("rooms") as batch:
        batch.add_column(sa.Column("epoch", sa.Integer(), nullable=False, server_default="0"))
        batch.add_column(sa.Column("wake_at", sa.DateTime(timezone=True), nullable=True))
    op.create_index("ix_rooms_wake_at", "rooms", ["wake_at"])


def downgrade() -> None:
    op.drop_index("ix_rooms_wake_at", table_name="rooms")
    with op.batch_alter_table("rooms") as batch:
        batch.drop_column("wake_at")
        batch.drop_column("epoch")
