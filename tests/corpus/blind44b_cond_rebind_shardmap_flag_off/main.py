import dataclasses

import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P


@dataclasses.dataclass(frozen=True)
class Config:
  use_shard_map: bool = False  # flipped off while debugging on one GPU
  batch_size: int = 32
  in_dim: int = 16
  out_dim: int = 8
  learning_rate: float = 1e-2


def loss_fn(w, x, y):
  pred = jnp.tanh(x @ w)
  return jnp.mean((pred - y) ** 2)


def train_step(w, x, y):
  loss, g = jax.value_and_grad(loss_fn)(w, x, y)
  # average across the data-parallel replicas
  g = lax.pmean(g, "batch")
  loss = lax.pmean(loss, "batch")
  return w - cfg.learning_rate * g, loss


cfg = Config()
mesh = Mesh(np.array(jax.devices()), ("batch",))

step = train_step
if cfg.use_shard_map:
  step = jax.shard_map(
      step, mesh=mesh, in_specs=(P(), P("batch"), P("batch")), out_specs=(P(), P()))
step = jax.jit(step)

w = jnp.zeros((cfg.in_dim, cfg.out_dim))
x = jax.device_put(jnp.ones((cfg.batch_size, cfg.in_dim)), NamedSharding(mesh, P("batch")))
y = jax.device_put(jnp.ones((cfg.batch_size, cfg.out_dim)), NamedSharding(mesh, P("batch")))

print(step.trace(w, x, y).lower(lowering_platforms=("cuda",)).as_text()[:40])
