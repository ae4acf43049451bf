"""The review of a finished game (`game_reviews`: one row per game, the whole review as JSON),
computed once when somebody first asks for it and served from here ever after.

Added 2026-12-01.
"""

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"


def upgrade() -> None:
    op.create_table(
        "game_reviews",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column(
            "game_id", sa.Integer(), sa.ForeignKey("games.id", ondelete="CASCADE"),
            nullable=False,
        ),
        sa.Column("review", sa.JSON(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.UniqueConstraint("game_id", name="uq_game_reviews_game_id"),
    )


def downgrade() -> None:
    op.drop_table("game_reviews")
