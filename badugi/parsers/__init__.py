"""Readers and writers of room text: decoding, splitting, Lark grammars, room modules, PHH."""
