"""Which players of a game looked at the table's analysis (`games.analysis`: a flag per player,
in turn order; NULL for games where nobody did), shown to everyone and kept in the archive, as
the hints are (0004).

Added 2026-12-01.
"""

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"


def upgrade() -> None:
    with op.batch_alter_table("games") as batch:
        batch.add_column(sa.Column("analysis", sa.JSON(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("games") as batch:
        batch.drop_column("analysis")
