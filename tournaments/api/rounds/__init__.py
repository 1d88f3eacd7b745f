"""The rounds resource: pairing, preview, swaps, publishing, closing, corrections."""
