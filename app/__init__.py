"""Winter Carcassonne online."""
