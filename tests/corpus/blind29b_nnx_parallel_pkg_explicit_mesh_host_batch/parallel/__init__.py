"""Parallel helpers, re-exported the way MaxText / EasyDeL packages do."""
from .collectives import *  # noqa: F401,F403
from .wrappers import sharded
from . import mesh_utils as mu

__all__ = ["all_reduce_mean", "sharded", "mu"]
