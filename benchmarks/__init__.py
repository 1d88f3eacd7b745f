"""Benchmarks of the rules engine (``python -m benchmarks.engine_bench``)."""
