"""Rooms, seats, games and moves.

Added 2024-06-01.
"""

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None


def _required(name: str, kind: sa.types.TypeEngine) -> sa.Column:
    return sa.Column(name, kind, nullable=False)


def _key() -> sa.Column:
    return sa.Column("id", sa.Integer(), primary_key=True)


def _belongs_to(table: str, name: str) -> sa.Column:
    """The row's owner in `table`: deleting the owner deletes the row."""
    owner = sa.ForeignKey(f"{table}.id", ondelete="CASCADE")
    return sa.Column(name, sa.Integer(), owner, nullable=False)


def _moment(name: str, nullable: bool = False) -> sa.Column:
    return sa.Column(name, sa.DateTime(timezone=True), nullable=nullable)


def upgrade() -> None:
    op.create_table(
        "rooms",
        _key(),
        _required("code", sa.String(16)),
        _required("host_token_hash", sa.String(64)),
        _required("options", sa.JSON()),
        sa.Column("last_starter", sa.Integer(), nullable=True),
        _moment("created_at"),
        _moment("updated_at"),
        sa.UniqueConstraint("code", name="uq_rooms_code"),
    )
    op.create_table(
        "seats",
        _key(),
        _belongs_to("rooms", "room_id"),
        _required("position", sa.Integer()),
        _required("name", sa.String(64)),
        _required("color", sa.String(16)),
        _required("token_hash", sa.String(64)),
        _moment("created_at"),
        sa.UniqueConstraint("room_id", "position", name="uq_seats_room_position"),
    )
    op.create_index("ix_seats_token_hash", "seats", ["token_hash"])
    op.create_table(
        "games",
        _key(),
        _belongs_to("rooms", "room_id"),
        _required("number", sa.Integer()),
        _required("options", sa.JSON()),
        _required("players", sa.JSON()),
        _required("seed", sa.BigInteger()),
        _required("status", sa.String(16)),
        _required("ended_early", sa.Boolean()),
        _required("turns", sa.Integer()),
        sa.Column("final_scores", sa.JSON(), nullable=True),
        sa.Column("winners", sa.JSON(), nullable=True),
        sa.Column("results", sa.JSON(), nullable=True),
        _moment("created_at"),
        _moment("started_at"),
        _moment("updated_at"),
        _moment("finished_at", nullable=True),
        sa.UniqueConstraint("room_id", "number", name="uq_games_room_number"),
    )
    op.create_index("ix_games_status", "games", ["status"])
    op.create_table(
        "moves",
        _key(),
        _belongs_to("games", "game_id"),
        _required("number", sa.Integer()),
        _required("turn", sa.JSON()),
        _moment("created_at"),
        sa.UniqueConstraint("game_id", "number", name="uq_moves_game_number"),
    )


def downgrade() -> None:
    op.drop_table("moves")
    op.drop_index("ix_games_status", table_name="games")
    op.drop_table("games")
    op.drop_index("ix_seats_token_hash", table_name="seats")
    op.drop_table("seats")
    op.drop_table("rooms")
