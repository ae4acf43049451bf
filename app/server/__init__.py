"""The web server: HTTP routes, the websocket endpoint, rooms, and the wire format.

The server knows the engine only through `app.engine`'s public names and the database only
through `app.store.Store`.
"""
