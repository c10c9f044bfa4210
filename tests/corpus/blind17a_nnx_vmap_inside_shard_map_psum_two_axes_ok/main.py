import jax
import jax.numpy as jnp
import numpy as np
import optax
from flax import nnx
from jax import lax
from jax.sharding import Mesh, PartitionSpec as P

CLIP = 1.0


class Linear2(nnx.Module):
  def __init__(self, rngs):
    self.l1 = nnx.Linear(6, 12, rngs=rngs)
    self.l2 = nnx.Linear(12, 1, rngs=rngs)

  def __call__(self, x):
    return self.l2(nnx.tanh(self.l1(x)))[0]


def example_loss(model, x, y):
  return (model(x) - y) ** 2


def clipped_grad(model, x, y):
  g = nnx.grad(example_loss)(model, x, y)
  norm = optax.global_norm(g)
  scale = jnp.minimum(1.0, CLIP / (norm + 1e-6))
  g = jax.tree.map(lambda t: t * scale, g)
  return lax.psum(g, ("example", "data"))


mesh = Mesh(np.array(jax.devices()), ("data",))


@nnx.jit
def dp_sgd_grads(model, xs, ys):
  per_ex = nnx.vmap(clipped_grad, in_axes=(None, 0, 0), out_axes=None, axis_name="example")
  sharded = nnx.shard_map(per_ex, mesh=mesh, in_specs=(P(), P("data"), P("data")),
                          out_specs=P(), check_vma=False)
  return sharded(model, xs, ys)


model = Linear2(nnx.Rngs(0))
dp_sgd_grads.trace(model, jnp.ones((16, 6)), jnp.ones((16,))).lower(lowering_platforms=("cuda",))
