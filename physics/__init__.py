"""Physics of Crumbs drops: a top-down pymunk plane plus each piece's height above the board."""
from physics.drop import Arena, DropResult, Impact, Piece, Pose, head_point, simulate_drop
from physics.params import PhysicsParams, PieceSpec, load_params

__all__ = ["Arena", "DropResult", "Impact", "Piece", "PhysicsParams", "PieceSpec", "Pose", "head_point",
           "load_params", "simulate_drop"]
