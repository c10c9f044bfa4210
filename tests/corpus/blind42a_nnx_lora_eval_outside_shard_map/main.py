import dataclasses

import jax
import jax.numpy as jnp
import numpy as np
import optax
from flax import nnx
from jax import lax
from jax.sharding import Mesh, PartitionSpec as P

from lora import Adapter, Frozen


@dataclasses.dataclass(frozen=True)
class Config:
  d: int = 64
  hidden: int = 128
  rank: int = 4
  fsdp_axis: str = 'fsdp'


cfg = Config()
mesh = Mesh(np.array(jax.devices()), (cfg.fsdp_axis,))
model = Adapter(cfg.d, cfg.hidden, cfg.rank, fsdp_axis=cfg.fsdp_axis, rngs=nnx.Rngs(0))
graphdef, base, lora = nnx.split(model, Frozen, nnx.Param)
tx = optax.adamw(1e-3)
opt_state = tx.init(lora)


def loss_fn(lora, base, x, y):
  m = nnx.merge(graphdef, base, lora)
  return jnp.mean((m(x) - y) ** 2)


@jax.jit
def train_step(base, lora, opt_state, x, y):
  def local(base, lora, x, y):
    loss, grads = jax.value_and_grad(loss_fn)(lora, base, x, y)
    return lax.pmean(loss, cfg.fsdp_axis), grads

  loss, grads = jax.shard_map(
      local, mesh=mesh,
      in_specs=(P(cfg.fsdp_axis), P(), P(cfg.fsdp_axis), P(cfg.fsdp_axis)),
      out_specs=(P(), P()))(base, lora, x, y)
  updates, opt_state = tx.update(grads, opt_state, lora)
  return loss, optax.apply_updates(lora, updates), opt_state


@nnx.jit
def evaluate(model, x, y):
  # held-out loss on the merged model
  return jnp.mean((model(x) - y) ** 2)


x = jnp.ones((16, cfg.d))
y = jnp.zeros((16, cfg.d))
train_step.trace(base, lora, opt_state, x, y).lower(lowering_platforms=('cuda',))
evaluate.trace(nnx.merge(graphdef, base, lora), x, y).lower(lowering_platforms=('cuda',))
print('lowered train and eval')
