import flax.linen as nn
import jax.numpy as jnp


class SharedStateRNN(nn.Module):
  """GRU scanned over time. The initial hidden state is a learned, replicated vector."""
  hidden: int

  @nn.compact
  def __call__(self, xs):
    h0 = self.param('h0', nn.initializers.zeros, (self.hidden,))
    ScanGRU = nn.scan(nn.GRUCell, variable_broadcast='params', split_rngs={'params': False},
                      in_axes=0, out_axes=0)
    h, ys = ScanGRU(features=self.hidden)(h0, xs)
    return h, ys
