import jax
import jax.numpy as jnp
import numpy as np
from flax import nnx
from jax import lax
from jax.sharding import Mesh, PartitionSpec as P

mesh = Mesh(np.array(jax.devices()), axis_names=("data",))


class MLPBlock(nnx.Module):

  def __init__(self, d, *, rngs):
    self.lin = nnx.Linear(d, d, rngs=rngs)

  def __call__(self, h):
    return h + jnp.tanh(self.lin(h))


@nnx.split_rngs(splits=4)
@nnx.vmap(in_axes=0, out_axes=0)
def build_layers(rngs):
  return MLPBlock(32, rngs=rngs)


class Encoder(nnx.Module):

  def __init__(self, rngs):
    self.layers = build_layers(rngs)
    self.head = nnx.Linear(32, 1, rngs=rngs)

  def __call__(self, x):
    def step(h, layer):
      return layer(h), None

    h, _ = nnx.scan(step, in_axes=(nnx.Carry, 0), out_axes=(nnx.Carry, 0))(x, self.layers)
    return self.head(h)


@nnx.jit
def eval_loss(model, x, y):

  @nnx.shard_map(mesh=mesh, in_specs=(P(), P("data"), P("data")), out_specs=P())
  def per_shard(model, xs, ys):
    err = (model(xs) - ys) ** 2
    return lax.pmean(err.mean(), "data")

  return per_shard(model, x, y)


enc = Encoder(nnx.Rngs(params=1))
xb = jnp.zeros((16, 32))
yb = jnp.zeros((16, 1))
eval_loss.trace(enc, xb, yb).lower(lowering_platforms=("cuda",))
