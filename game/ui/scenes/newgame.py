"""placeholder"""
def draw_rules_overlay(surface, game_id, options):
    pass
