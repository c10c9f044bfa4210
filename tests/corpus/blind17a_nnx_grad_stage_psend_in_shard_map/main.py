import jax
import jax.numpy as jnp
import numpy as np
from flax import nnx
from jax import lax
from jax.sharding import Mesh, PartitionSpec as P

mesh = Mesh(np.array(jax.devices()), ("pp",))
PERM = [(0, 1), (1, 2), (2, 3)]


class Stage(nnx.Module):
  def __init__(self, rngs):
    self.dense = nnx.Linear(16, 16, rngs=rngs)

  def __call__(self, x):
    h = jnp.tanh(self.dense(x))
    tok = lax.psend(h, "pp", PERM)
    return lax.precv(tok, jax.ShapeDtypeStruct(h.shape, h.dtype), "pp", PERM)


def stage_loss(stage, x):
  return jnp.mean(stage(x) ** 2)


graphdef, params = nnx.split(Stage(nnx.Rngs(0)))


def per_device(params, x):
  stage = nnx.merge(graphdef, params)
  return nnx.grad(stage_loss)(stage, x)


step = jax.jit(jax.shard_map(per_device, mesh=mesh, in_specs=(P(), P("pp")), out_specs=P(),
                             check_vma=False))
step.trace(params, jnp.ones((8, 16))).lower(lowering_platforms=("cuda",))
