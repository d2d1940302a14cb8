"""The rules of Badugi: cards, evaluator, rules, replay, odds, simulator. No I/O here."""
