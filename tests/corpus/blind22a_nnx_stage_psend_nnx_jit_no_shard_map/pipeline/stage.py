from flax import nnx

from .p2p import shift_to_next


class Stage(nnx.Module):

  def __init__(self, dim, num_stages, *, rngs, axis_name='stage'):
    self.dense = nnx.Linear(dim, dim, rngs=rngs)
    self.norm = nnx.RMSNorm(dim, rngs=rngs)
    self.axis_name = axis_name
    self.num_stages = num_stages

  def __call__(self, x):
    h = x + nnx.relu(self.dense(self.norm(x)))
    return shift_to_next(h, self.axis_name, self.num_stages)
