"""An index of the rooms that never had a game (`last_starter` still NULL) by `updated_at`:
the expiry of idle lobbies finds them by it, as the scheduler finds due rooms by `wake_at`,
without reading every room.

Revision ID: 0005
Revises: 0004
Create Date: 2026-11-30
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0005"
down_revision: str | None = "0004"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    where = sa.text("last_starter IS NULL")
    op.create_index("ix_rooms_idle_lobbies", "rooms", ["updated_at"],
                    postgresql_where=where, sqlite_where=where)


def downgrade() -> None:
    op.drop_index("ix_rooms_idle_lobbies", table_name="rooms")
