"""badugi: parse, replay, audit and analyse Badugi poker hand histories."""

__version__ = "0.1.0"
