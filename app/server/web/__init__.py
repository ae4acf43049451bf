"""HTTP: the routes, their models, and the read models behind them (the archive, My games),
read from the store; and the headers every answer carries."""
