"""A room's domain: its lobby, its game, its chat, who is connected, the one path of every
change (engine, store, broadcast), the turns nobody at the table plays, and the bots."""

# Each intent's handler is registered in `Room`'s table as `handlers` is imported: import it
# with the package, so that a room never exists without its handlers.
from app.server.rooms import handlers as handlers
