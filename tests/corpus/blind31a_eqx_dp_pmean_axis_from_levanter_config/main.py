import dataclasses

import equinox as eqx
import jax
import jax.numpy as jnp
import numpy as np
import optax
from jax.sharding import Mesh, PartitionSpec as P


@dataclasses.dataclass(frozen=True)
class MeshConfig:
  axes: dict = dataclasses.field(default_factory=lambda: {"data": 2, "model": 2})


@dataclasses.dataclass(frozen=True)
class TrainerConfig:
  mesh: MeshConfig = dataclasses.field(default_factory=MeshConfig)
  batch_axis: str = "batch"
  learning_rate: float = 1e-3

  def device_mesh(self):
    names = tuple(self.mesh.axes)
    return Mesh(np.array(jax.devices()).reshape(tuple(self.mesh.axes.values())), names)


cfg = TrainerConfig()
mesh = cfg.device_mesh()
model = eqx.nn.MLP(16, 4, 64, 2, key=jax.random.key(0))
optim = optax.adam(cfg.learning_rate)
params, static = eqx.partition(model, eqx.is_array)
opt_state = optim.init(params)


def step(params, opt_state, x, y):
  def loss_fn(params):
    m = eqx.combine(params, static)
    return jnp.mean((jax.vmap(m)(x) - y) ** 2)

  loss, grads = jax.value_and_grad(loss_fn)(params)
  grads = jax.lax.pmean(grads, cfg.batch_axis)
  updates, opt_state = optim.update(grads, opt_state)
  return optax.apply_updates(params, updates), opt_state, jax.lax.pmean(loss, cfg.batch_axis)


sharded_step = jax.jit(jax.shard_map(step, mesh=mesh, in_specs=(P(), P(), P("data"), P("data")),
                                     out_specs=(P(), P(), P())))
x = jnp.ones((8, 16))
y = jnp.zeros((8, 4))
print(sharded_step.trace(params, opt_state, x, y).lower(lowering_platforms=("cuda",)).as_text()[:20])
