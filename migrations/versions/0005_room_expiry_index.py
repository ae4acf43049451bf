"""An index of the rooms that never had a game (`last_starter` still NULL) by `updated_at`:
the expiry of idle lobbies finds them by it, as the scheduler finds due rooms by `wake_at`,
without reading every room.

Added 2026-11-30.
"""

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"


def upgrade() -> None:
    where = sa.text("last_starter IS NULL")
    op.create_index("ix_rooms_idle_lobbies", "rooms", ["updated_at"],
                    postgresql_where=where, sqlite_where=where)


def downgrade() -> None:
    op.drop_index("ix_rooms_idle_lobbies", table_name="rooms")
