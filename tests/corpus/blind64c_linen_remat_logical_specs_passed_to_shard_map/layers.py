import flax.linen as nn
import jax
import jax.numpy as jnp


class GatheredMLP(nn.Module):
  """Column-parallel up projection whose output is all-gathered (gather_output=True)."""
  hidden: int
  axis_name: str = 'model'

  @nn.compact
  def __call__(self, x):
    tp = jax.lax.psum(1, self.axis_name)
    d = x.shape[-1]
    w_up = self.param('w_up', nn.with_logical_partitioning(nn.initializers.lecun_normal(),
                                                           ('embed', 'mlp')),
                      (d, self.hidden // tp))
    w_down = self.param('w_down', nn.with_logical_partitioning(nn.initializers.lecun_normal(),
                                                               ('mlp_full', 'embed')),
                        (self.hidden, d))
    h = nn.gelu(x @ w_up)
    h = jax.lax.all_gather(h, self.axis_name, axis=h.ndim - 1, tiled=True)
    return x + h @ w_down


class Stack(nn.Module):
  num_layers: int
  hidden: int

  @nn.compact
  def __call__(self, x):
    block = nn.remat(GatheredMLP)
    for i in range(self.num_layers):
      x = block(self.hidden, name=f'block_{i}')(nn.LayerNorm(name=f'ln_{i}')(x))
    return x
