"""Everything pygame: the app shell, scenes, presenter, widgets, card art, layout, tweens.

Nothing outside ``game.ui`` imports pygame (ARCHITECTURE.md "Dependency direction").
"""
