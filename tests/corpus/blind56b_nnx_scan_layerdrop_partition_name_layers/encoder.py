import jax
import jax.numpy as jnp
from flax import nnx

kernel_init = nnx.initializers.xavier_uniform()


class Layer(nnx.Module):

  def __init__(self, d, *, rngs):
    self.ln = nnx.LayerNorm(d, rngs=rngs)
    self.wi = nnx.Linear(d, 4 * d, kernel_init=nnx.with_partitioning(kernel_init, ('data', 'model')), rngs=rngs)
    self.wo = nnx.Linear(4 * d, d, kernel_init=nnx.with_partitioning(kernel_init, ('model', 'data')), rngs=rngs)

  def __call__(self, x):
    return self.wo(nnx.relu(self.wi(self.ln(x))))


class Encoder(nnx.Module):

  def __init__(self, d, n_layers, drop_rate, *, rngs):
    self.n_layers = n_layers
    self.drop_rate = drop_rate

    @nnx.split_rngs(splits=n_layers)
    @nnx.vmap(in_axes=(0,), out_axes=0, transform_metadata={nnx.PARTITION_NAME: 'layers'})
    def stack(rngs):
      return Layer(d, rngs=rngs)

    self.layers = stack(rngs)

  def __call__(self, x, keys):
    @nnx.scan(in_axes=(0, nnx.Carry, 0), out_axes=nnx.Carry)
    def body(layer, x, key):
      keep = jax.random.bernoulli(key, 1.0 - self.drop_rate)
      return nnx.cond(keep, lambda l, x: x + l(x), lambda l, x: x, layer, x)

    return body(self.layers, x, keys)
