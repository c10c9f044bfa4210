from .mlp import FeedForward
