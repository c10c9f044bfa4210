"""Collective helpers shared by the training scripts."""
from .constants import *
from .collectives import *
