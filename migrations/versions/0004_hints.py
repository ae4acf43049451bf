"""Hints a game's players asked for (`games.hints`: a count per player, in turn order; NULL
for games without any), shown to everyone and kept in the archive.

Added 2026-11-30.
"""

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"


def upgrade() -> None:
    with op.batch_alter_table("games") as batch:
        batch.add_column(sa.Column("hints", sa.JSON(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("games") as batch:
        batch.drop_column("hints")
