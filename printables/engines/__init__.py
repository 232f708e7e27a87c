"""Adapters: what the printables need from each game's engine, under one name per fact.

Engines are built by other people at the same time as the printables; an adapter imports its engine's data
modules directly, so an engine that is not built yet (or renamed a fact) makes the adapter fail to import, and
the game is then "not available yet" rather than printed from retyped data.
"""
