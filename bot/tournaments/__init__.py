"""Community tournaments and ratings: pairing, standings and ratings (pure), their store, the service."""
