import flax.linen as nn
import jax.lax as lax


class TensorParallel(nn.Module):
  axis_name: str = "tp"

  def all_reduce(self, x):
    return lax.psum(x, self.axis_name)

  def tp_size(self):
    return lax.axis_size(self.axis_name)
