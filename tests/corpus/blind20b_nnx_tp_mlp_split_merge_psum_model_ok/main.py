import dataclasses

import jax
import jax.numpy as jnp
import numpy as np
from flax import nnx
from jax.sharding import Mesh, PartitionSpec as P

from layers import Regressor


@dataclasses.dataclass(frozen=True)
class TrainConfig:
  d: int = 64
  hidden: int = 256
  depth: int = 2
  batch: int = 16
  lr: float = 1e-2


cfg = TrainConfig()
mesh = Mesh(np.array(jax.devices()).reshape(2, 2), ("data", "model"))

with jax.set_mesh(mesh):
  model = Regressor(cfg.d, cfg.hidden, cfg.depth, rngs=nnx.Rngs(0))
graphdef, params = nnx.split(model, nnx.Param)
param_specs = nnx.get_partition_spec(params)


def train_step(params, x, y):
  def loss_fn(params):
    m = nnx.merge(graphdef, params)
    return jnp.mean((m(x) - y) ** 2)

  loss, grads = jax.value_and_grad(loss_fn)(params)
  grads = jax.lax.pmean(grads, "data")
  params = jax.tree.map(lambda p, g: p - cfg.lr * g, params, grads)
  return params, jax.lax.pmean(loss, "data")


step = jax.jit(jax.shard_map(
    train_step, mesh=mesh,
    in_specs=(param_specs, P("data"), P("data")),
    out_specs=(param_specs, P())))

x = jnp.ones((cfg.batch, cfg.d))
y = jnp.ones((cfg.batch, 1))
print(step.trace(params, x, y).lower(lowering_platforms=("cuda",)).as_text()[:100])
