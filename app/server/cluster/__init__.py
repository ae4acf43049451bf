"""The rooms of this process and their owners: which process holds a room, relaying the
connections that reach another one, and taking a room over when its owner is gone."""
