"""Computer opponents: pure, see observations only, never import pygame."""
