"""The Typer command-line app: the only layer that prints."""
