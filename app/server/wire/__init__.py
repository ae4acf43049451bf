"""The wire: what client and server say to each other (the protocol's facts, codes and
options, the messages both ways, JSON Patch) and one websocket connection that speaks it.

Below every other part of the server but `ports` and `observe`: it knows no room."""
