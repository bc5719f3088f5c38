"""Kartenstube: rules, controller, persistence and user interface of the card-game app."""
